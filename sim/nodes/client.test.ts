import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { backoffCeilingUs, backoffWaitUs } from '../../src/client/backoff.js';
import { idempotencyKeyHeader } from '../../src/client/idempotency-key.js';
import { type ResendPolicyName, resendPolicies, resendPolicyNames } from '../../src/client/resend-policy.js';
import { type ClientSettings, defaultClientSettings } from '../../src/client/settings.js';
import { request, response } from '../../src/http/message.js';
import { methodProperties, methodTable } from '../../src/http/methods.js';
import { type Envelope, type RequestEnvelope, responseTo } from '../envelope.js';
import { Link } from '../link.js';
import type { Network, SimNode } from '../node.js';
import { RngStreams } from '../rng.js';
import { runScenario } from '../scenario/run.js';
import { parseScenario, type ScenarioInput } from '../scenario/spec.js';
import { Simulation } from '../simulation.js';
import { OneLink } from '../test-kit.js';
import { Trace, type TraceMode } from '../trace.js';
import { ClientNode } from './client.js';
import { runCount } from '../../test/support/run-count.js';

/** When the server answers an arriving request, in µs after its arrival; `undefined` keeps it silent. */
type Answer = (env: RequestEnvelope) => number | undefined;
const silent: Answer = () => undefined;

/** The far end of the client's line: remembers every attempt that reached it, headers and all. */
class Server implements SimNode {
  readonly name = 'server';
  readonly arrivals: { atUs: number; env: RequestEnvelope }[] = [];
  constructor(
    private readonly sim: Simulation,
    private readonly answer: Answer,
    private readonly network: Network,
  ) {}
  receive(env: Envelope): void {
    if (env.kind !== 'request') return;
    this.arrivals.push({ atUs: this.sim.nowUs, env });
    const afterUs = this.answer(env);
    if (afterUs !== undefined) this.sim.schedule(afterUs, () => this.network.send(this, responseTo(env, response(200))));
  }
}

interface Setup {
  readonly settings?: Partial<ClientSettings>;
  readonly seed?: number;
  readonly trace?: TraceMode;
  readonly answer?: Answer;
}

const oneWayDelayUs = 10_000;

/** One client `alice` on a 10 ms line with no serialization time to a scripted server; timeout 100 ms. */
function setup({ settings = {}, seed = 1, trace: mode = 'full', answer = silent }: Setup = {}) {
  const sim = new Simulation();
  const trace = new Trace(mode);
  const streams = new RngStreams(seed);
  const all: ClientSettings = { ...defaultClientSettings, timeoutUs: 100_000, ...settings };
  let lastId = 0;
  const network = new OneLink();
  const client = new ClientNode({
    name: 'alice', sim, trace, network, settings: all, policy: resendPolicies[all.policy], ids: { next: () => ++lastId },
    streams: { jitter: streams.stream('client:alice'), keys: streams.stream('keys') },
  });
  const server = new Server(sim, answer, network);
  network.link = new Link({
    name: 'wan:alice', near: client, far: server, settings: { oneWayDelayUs, bandwidthBitsPerSecond: Number.POSITIVE_INFINITY, faults: [] }, sim, trace,
    rng: streams.stream('link:wan:alice'),
  });
  const keysOf = (exchangeId: number) =>
    server.arrivals.filter((a) => a.env.exchangeId === exchangeId).map((a) => a.env.request.headers[idempotencyKeyHeader]);
  return { sim, trace, client, server, keysOf, settings: all };
}

const note = '{"content":"x"}';
const methods = [...Object.keys(methodTable), 'PURGE'];

describe('the client node follows its policy for every method', () => {
  /** Attempts a policy makes when no response ever comes, out of 3; from the method table, not a list. */
  const expectedAttempts = (policy: ResendPolicyName, method: string): number => {
    if (policy === 'naive' || policy === 'keyed') return 3; // keyed gives every non-idempotent request a key
    return methodProperties(method).idempotent ? 3 : 1;
  };

  for (const policy of resendPolicyNames) {
    it.each(methods)(`${policy}: %s against a silent server`, async (method) => {
      const { sim, client, server, trace } = setup({ settings: { policy } });
      const exchange = client.start(request(method, '/notes/1', {}, note));
      await sim.run();
      const attempts = expectedAttempts(policy, method);
      expect(exchange).toMatchObject({ attempts, outcome: 'unknown', response: undefined, completedUs: attempts * 100_000 });
      expect(server.arrivals.map((a) => a.env.attempt)).toEqual(Array.from({ length: attempts }, (_, i) => i + 1));
      expect(trace.events.filter((e) => e.kind === 'resend')).toHaveLength(attempts - 1);
      const giveUp = trace.events.at(-1)!;
      expect(giveUp.kind).toBe('give-up');
      if (attempts === 3) expect(giveUp.note).toBe('outcome unknown: no attempts left');
      else expect(giveUp.note).toMatch(new RegExp(`^outcome unknown: ${policy} policy does not re-send `));
    });
  }
});

describe('safe: never a POST without a key', () => {
  it('sends it once, and at the timeout reports the outcome as unknown, with why', async () => {
    const { sim, client, server, trace } = setup({ settings: { policy: 'safe' } });
    let done = 0;
    const exchange = client.start(request('POST', '/notes', {}, note), () => {
      done++;
    });
    await sim.run();
    expect(server.arrivals).toHaveLength(1);
    expect(server.arrivals[0]!.env.request.headers[idempotencyKeyHeader]).toBeUndefined();
    expect(exchange).toMatchObject({ attempts: 1, outcome: 'unknown', completedUs: 100_000, latencyUs: undefined });
    expect(done).toBe(1);
    expect(trace.events.map((e) => e.kind)).toEqual(['send', 'deliver', 'timeout', 'give-up']);
    expect(trace.events.at(-1)!.note).toBe('outcome unknown: safe policy does not re-send a POST without an idempotency-key');
  });

  it('re-sends a POST whose caller gave it a key, with that key', async () => {
    const { sim, client, keysOf } = setup({ settings: { policy: 'safe' } });
    const exchange = client.start(request('POST', '/notes', { [idempotencyKeyHeader]: 'mine' }, note));
    await sim.run();
    expect(exchange.attempts).toBe(3);
    expect(keysOf(exchange.id)).toEqual(['mine', 'mine', 'mine']);
  });

  it('still completes when the response comes, and with the trace off too', async () => {
    for (const trace of ['full', 'off'] as const) {
      const { sim, client } = setup({ settings: { policy: 'safe' }, trace, answer: () => 0 });
      const exchange = client.start(request('POST', '/notes', {}, note));
      await sim.run();
      expect(exchange).toMatchObject({ attempts: 1, outcome: 'response', latencyUs: 2 * oneWayDelayUs });
    }
  });
});

describe('keyed: one key per exchange, the same on every attempt', () => {
  const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  /** Three POSTs, a PATCH and a GET at once, none answered: every exchange runs all its attempts. */
  async function keysSent(seed: number, trace: TraceMode = 'full') {
    const { sim, client, keysOf } = setup({ settings: { policy: 'keyed' }, seed, trace });
    const exchanges = [
      ...['POST', 'POST', 'POST', 'PATCH'].map((m) => client.start(request(m, '/notes', {}, note))),
      client.start(request('GET', '/notes/1')),
    ];
    await sim.run();
    return exchanges.map((x) => keysOf(x.id));
  }

  it('puts the same key on every attempt, a different one on every exchange, and none on a GET', async () => {
    const sent = await keysSent(1);
    expect(sent.map((keys) => keys.length)).toEqual([3, 3, 3, 3, 3]);
    const perExchange = sent.slice(0, 4).map((keys) => new Set(keys));
    for (const keys of perExchange) {
      expect(keys.size).toBe(1);
      expect([...keys][0]).toMatch(uuidV4);
    }
    expect(new Set(perExchange.map((keys) => [...keys][0])).size).toBe(4);
    expect(sent[4]).toEqual([undefined, undefined, undefined]);
  });

  it('draws exactly one key per keyed exchange from the keys stream, in the order the exchanges start', async () => {
    const keys = new RngStreams(7).stream('keys');
    const expected = [keys.uuid(), keys.uuid(), keys.uuid(), keys.uuid()];
    expect((await keysSent(7)).slice(0, 4).map((k) => k[0])).toEqual(expected);
  });

  it('reproduces the keys from the seed, whether or not the trace is on, and changes them with it', async () => {
    expect(await keysSent(3)).toEqual(await keysSent(3));
    expect(await keysSent(3, 'off')).toEqual(await keysSent(3));
    expect((await keysSent(4))[0]).not.toEqual((await keysSent(3))[0]);
  });

  it('names the key on the re-send in the trace', async () => {
    const { sim, client, trace } = setup({ settings: { policy: 'keyed', maxAttempts: 2 } });
    const exchange = client.start(request('POST', '/notes', {}, note));
    await sim.run();
    const key = exchange.request.headers[idempotencyKeyHeader]!;
    expect(trace.events.find((e) => e.kind === 'resend')!.note).toBe(`keyed policy, idempotency-key ${key}`);
  });
});

describe('backoff: a seeded, jittered wait before each re-send', () => {
  const backoff = { policy: 'naive', maxAttempts: 8, backoffBaseUs: 40_000, backoffMaxUs: 300_000 } as const;

  /** The wait before each re-send: from the attempt's timeout to the next send. */
  async function waits(seed: number) {
    const { sim, client, trace } = setup({ settings: backoff, seed });
    client.start(request('PUT', '/notes/1', {}, note));
    await sim.run();
    const timeouts = trace.events.filter((e) => e.kind === 'timeout');
    const resends = trace.events.filter((e) => e.kind === 'resend');
    expect(resends).toHaveLength(backoff.maxAttempts - 1);
    return { waitsUs: resends.map((r, i) => r.atUs - timeouts[i]!.atUs), resends };
  }

  it('waits within [0, min(cap, base x 2^(n-1))] after the n-th timeout, and says so in the trace', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { waitsUs, resends } = await waits(seed);
      waitsUs.forEach((waitUs, i) => {
        expect(waitUs).toBeGreaterThanOrEqual(0);
        expect(waitUs).toBeLessThanOrEqual(backoffCeilingUs(backoff, i + 1));
        if (waitUs > 0) expect(resends[i]!.note).toMatch(/^naive policy, after \d+\.\d{3} ms backoff$/);
      });
    }
  });

  it('draws the waits from the client\'s own stream, so they replay per seed and differ across seeds', async () => {
    const jitter = new RngStreams(5).stream('client:alice');
    const expected = Array.from({ length: backoff.maxAttempts - 1 }, (_, i) => backoffWaitUs(backoff, i + 1, jitter));
    expect((await waits(5)).waitsUs).toEqual(expected);
    expect((await waits(5)).waitsUs).toEqual((await waits(5)).waitsUs);
    const distinct = new Set<string>();
    for (let seed = 1; seed <= 5; seed++) distinct.add(JSON.stringify((await waits(seed)).waitsUs));
    expect(distinct.size).toBe(5);
  });

  it('spends the whole allowance: the waits use the upper half of the range too', async () => {
    const ratios: number[] = [];
    for (let seed = 1; seed <= 20; seed++) (await waits(seed)).waitsUs.forEach((w, i) => ratios.push(w / backoffCeilingUs(backoff, i + 1)));
    expect(Math.max(...ratios)).toBeGreaterThan(0.9);
    expect(Math.min(...ratios)).toBeLessThan(0.1);
  });

  it('a response that arrives during the wait completes the exchange and cancels the re-send', async () => {
    // Answered 130 ms after arrival: back at 150 ms, after the 100 ms timeout, during a wait of up to 10 s.
    const { sim, client, server, trace } = setup({ settings: { policy: 'safe', backoffBaseUs: 10_000_000, backoffMaxUs: 10_000_000 }, answer: () => 130_000 });
    const exchange = client.start(request('GET', '/notes/1'));
    await sim.run();
    expect(trace.events.some((e) => e.kind === 'timeout')).toBe(true);
    expect(exchange).toMatchObject({ attempts: 1, outcome: 'response', latencyUs: 150_000 });
    expect(server.arrivals).toHaveLength(1);
    expect(trace.events.some((e) => e.kind === 'resend')).toBe(false);
    expect(sim.nowUs).toBe(150_000); // the cancelled re-send did not move the clock
  });

  it('without backoff (the default) re-sends right at the timeout and draws nothing', async () => {
    const { sim, client, trace } = setup({ settings: { policy: 'naive' } });
    client.start(request('PUT', '/notes/1', {}, note));
    await sim.run();
    expect(trace.events.filter((e) => e.kind === 'resend').map((e) => [e.atUs, e.note])).toEqual([[100_000, 'naive policy'], [200_000, 'naive policy']]);
  });

  it('the topology gives each client its own jitter stream', async () => {
    const input: ScenarioInput = {
      modes: { line: 'unstable', client: { backoffBaseUs: 200_000 } },
      steps: [{ method: 'GET', path: '/notes/1' }, { client: 'bob', atUs: 0, method: 'GET', path: '/notes/2' }],
    };
    const result = await runScenario('jitter', parseScenario(input), { seed: 11 });
    const streams = new RngStreams(11);
    const settings = { backoffBaseUs: 200_000, backoffMaxUs: defaultClientSettings.backoffMaxUs };
    const resendAt = (client: string) => result.trace.events.find((e) => e.kind === 'resend' && e.from === client)!.atUs;
    expect(resendAt('client')).toBe(500_000 + backoffWaitUs(settings, 1, streams.stream('client:client')));
    expect(resendAt('bob')).toBe(500_000 + backoffWaitUs(settings, 1, streams.stream('client:bob')));
  });
});

describe('maxAttempts', () => {
  it.each([1, 2, 5])('sends at most %i time(s), then gives up with no attempts left', async (maxAttempts) => {
    const { sim, client, server, trace } = setup({ settings: { policy: 'naive', maxAttempts } });
    const exchange = client.start(request('POST', '/notes', {}, note));
    await sim.run();
    expect(exchange).toMatchObject({ attempts: maxAttempts, outcome: 'unknown', completedUs: maxAttempts * 100_000 });
    expect(server.arrivals).toHaveLength(maxAttempts);
    expect(trace.events.at(-1)).toMatchObject({ kind: 'give-up', note: 'outcome unknown: no attempts left' });
  });

  it('stops re-sending once an attempt is answered', async () => {
    // Only the third attempt is answered.
    const { sim, client, server } = setup({ settings: { policy: 'naive', maxAttempts: 5 }, answer: (env) => (env.attempt === 3 ? 0 : undefined) });
    const exchange = client.start(request('PUT', '/notes/1', {}, note));
    await sim.run();
    expect(exchange).toMatchObject({ attempts: 3, outcome: 'response', latencyUs: 200_000 + 2 * oneWayDelayUs });
    expect(server.arrivals).toHaveLength(3);
  });

  it('refuses impossible settings', () => {
    expect(() => setup({ settings: { maxAttempts: 0 } })).toThrow(/maxAttempts/);
    expect(() => setup({ settings: { backoffBaseUs: 0.5 } })).toThrow(/backoffBaseUs/);
  });
});

describe('scenario files', () => {
  it.each(resendPolicyNames)('accept the %s policy and the backoff settings', (policy) => {
    const spec = parseScenario({ modes: { client: { policy, backoffBaseUs: 1_000, backoffMaxUs: 2_000 } }, steps: [{ method: 'GET', path: '/' }] });
    expect(spec.modes.client).toEqual({ policy, backoffBaseUs: 1_000, backoffMaxUs: 2_000 });
  });

  it('use the safe client when they name none', async () => {
    const result = await runScenario('default', parseScenario({ steps: [{ method: 'GET', path: '/notes/1' }] }), { seed: 1 });
    expect(result.settings.client).toEqual(defaultClientSettings);
  });
});

/**
 * The point of the safe policy, as a property: on the spec's unstable line, whatever the workload (POST
 * included), the origin ends as it would on a stable line, because only idempotent requests are re-sent.
 */
describe('safe on the unstable line', () => {
  const step = fc.oneof(
    fc.integer({ min: 1, max: 3 }).map((id) => ({ method: 'GET', path: `/notes/${id}` })),
    fc.integer({ min: 1, max: 3 }).map((id) => ({ method: 'PUT', path: `/notes/${id}`, body: { content: `v${id}` } })),
    fc.integer({ min: 1, max: 3 }).map((id) => ({ method: 'DELETE', path: `/notes/${id}` })),
    fc.constant({ method: 'POST', path: '/notes', body: { content: 'new' } }),
  );

  test.prop([fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat({ max: 1_000 })], { numRuns: runCount(40) })(
    'leaves the state of one send, and every POST ends unknown',
    async (steps, seed) => {
      const stable = await runScenario('stable', parseScenario({ steps }), { seed, trace: 'off' });
      const unstable = await runScenario('unstable', parseScenario({ modes: { line: 'unstable' }, steps }), { seed, trace: 'off' });
      expect(unstable.finalState).toEqual(stable.finalState);
      for (const x of unstable.summary) {
        if (x.method === 'POST') expect(x).toMatchObject({ attempts: 1, outcome: 'unknown' });
        else expect(x).toMatchObject({ attempts: 2, outcome: 'response' });
      }
    },
  );
});
