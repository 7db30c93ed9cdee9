import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { defaultClientSettings } from '../../src/client/settings.js';
import { splitPath } from '../../src/http/message.js';
import { createOrigin } from '../../src/origin.js';
import { testEnvironment } from '../../src/testing-kit.js';
import { mintCredentials } from '../../sim/scenario/credentials.js';
import { runScenario } from '../../sim/scenario/run.js';
import { requestFrom } from '../../sim/scenario/steps.js';
import { parseScenario, type ScenarioInput, type ScenarioSpec } from '../../sim/scenario/spec.js';
import { RngStreams } from '../../sim/rng.js';
import { Simulation } from '../../sim/simulation.js';
import { defaultTopologySettings, Topology } from '../../sim/topology.js';
import { Trace } from '../../sim/trace.js';
import type { Credential } from './fuzz-credentials.js';
import { type Attempt, attempts } from './fuzz-requests.js';
import { replayable } from './replay.js';

/**
 * The simulator's own robustness, not a service's principle: the whole simulated stack (client, lines, shared
 * cache, origin) takes bad input without an unhandled exception: a scenario of malformed requests (`rawBody`,
 * raw `headers`, broken credentials) runs to its end, and every step gets an answer below 500. The
 * origin-level fuzz properties cover the inputs; this one shows the cache and the client in front pass them
 * through. The broken variant puts an origin that parses bodies without `try` into the same topology: the run
 * must fail.
 */

const file = 'properties/white-box/fuzz-simulator.test.ts';
const quickRuns = 100;
const stepGapUs = 2_000_000;

/** The scenario's own name for a credential, or `none` with the broken header sent as it is. */
function authOf(c: Credential): { readonly auth: string; readonly headers: Record<string, string> } {
  switch (c.kind) {
    case 'session': case 'token': case 'expired-token': case 'revoked-session': return { auth: `${c.kind}:${c.user}`, headers: {} };
    case 'tampered-token': return { auth: `${c.tamper.how === 'header' ? 'alg-none-token' : 'forged-token'}:${c.user}`, headers: {} };
    case 'none': return { auth: 'none', headers: {} };
    case 'cookie': return { auth: 'none', headers: { cookie: c.cookie } };
    case 'authorization': return { auth: 'none', headers: { authorization: c.value } };
    case 'session-and-broken-token': return { auth: `session:${c.user}`, headers: { authorization: c.value } };
  }
}

/** Only what the scenario format can say: upper-case methods and paths from `/` without spaces. */
const expressible = (a: Attempt) => /^[A-Z]{1,16}$/.test(a.method) && /^\/[^\s#]*$/.test(a.path);

export function scenarioOf(steps: readonly Attempt[]): ScenarioInput {
  return {
    // Timing is not the subject: at 2 Mbit/s a 200 KB body outlasts the client's timeout and gets no answer.
    topology: { wan: { bandwidthBitsPerSecond: 'unlimited' } },
    steps: steps.map((a, i) => {
      const { auth, headers } = authOf(a.credential);
      return { atUs: i * stepGapUs, auth, method: a.method, path: a.path, headers: { ...a.headers, ...headers }, ...(a.body === undefined ? {} : { rawBody: a.body }) };
    }),
  };
}

type Runner = (spec: ScenarioSpec) => Promise<readonly (number | null)[]>;

const simulated: Runner = async (spec) => (await runScenario('fuzz-simulator', spec, { seed: 1, trace: 'off' })).summary.map((s) => s.status);

async function answeredInSimulation(steps: readonly Attempt[], run: Runner): Promise<void> {
  if (steps.length === 0) return;
  const statuses = await run(parseScenario(scenarioOf(steps)));
  statuses.forEach((status, i) => {
    if (status === null || status >= 500) throw new Error(`step ${i + 1} got ${status ?? 'no answer'}: ${steps[i]!.method} ${steps[i]!.path.slice(0, 100)}`);
  });
}

/** The same stack around an origin that parses note bodies without `try`: its throw escapes into the run. */
const parsesWithoutTry: Runner = async (spec) => {
  const sim = new Simulation();
  const origin = createOrigin(testEnvironment());
  const credentials = await mintCredentials(origin, new Set(spec.steps.map((s) => s.auth ?? 'none')));
  const broken = {
    handle: (req: Parameters<typeof origin.handle>[0]) => {
      if (splitPath(req.path).pathname.startsWith('/notes') && req.body !== undefined) JSON.parse(req.body);
      return origin.handle(req);
    },
  };
  const settings = { ...defaultTopologySettings, wan: { ...defaultTopologySettings.wan, bandwidthBitsPerSecond: Number.POSITIVE_INFINITY } };
  const top = new Topology({ sim, trace: new Trace('off'), streams: new RngStreams(1), origin: broken, settings, clientSettings: defaultClientSettings });
  const exchanges = spec.steps.map((step) => {
    const holder: { status: number | null } = { status: null };
    sim.schedule(step.atUs ?? 0, () => {
      const exchange = top.client('client').start(requestFrom(step, credentials.get(step.auth ?? 'none')), () => {
        holder.status = exchange.response?.status ?? null;
      });
    });
    return holder;
  });
  await sim.run({ maxEvents: 1_000_000 });
  return exchanges.map((h) => h.status);
};

const steps = attempts.map((a) => a.filter(expressible));

describe('the simulator takes malformed requests without an unhandled exception', () => {
  test.prop([steps], replayable<[Attempt[]]>(file, quickRuns))('any malformed requests through client, cache and origin', (s) => answeredInSimulation(s, simulated));

  test('teeth: an origin that throws on a malformed body fails the run, on one step', async () => {
    const result = await fc.check(fc.asyncProperty(steps, (s) => answeredInSimulation(s, parsesWithoutTry)), { numRuns: 100, seed: 8 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![0]).toHaveLength(1);
    expect(String(result.errorInstance)).toMatch(/SyntaxError|JSON/);
  });
});
