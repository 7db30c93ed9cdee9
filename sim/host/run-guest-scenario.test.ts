import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../src/http/message.js';
import { jsonSummary } from '../../api/cli/render/json-summary.js';
import { renderSummary } from '../../api/cli/render/timeline.js';
import type { OriginProcess } from '../nodes/origin-process.js';
import { UnansweredRequestError } from '../scenario/guest-loop.js';
import { parseScenario, ScenarioError, type ScenarioInput } from '../scenario/spec.js';
import type { TraceEvent } from '../trace-event.js';
import { runGuestScenario } from './run-guest-scenario.js';
import { virtualEpochMs } from './world/epoch.js';
import { type App, loadNativeImport, plainApp, processOf, realWorkOf, realWorldIsBack, waitingApp } from './world/test-kit.js';

const oneGet: ScenarioInput = { steps: [{ method: 'GET', path: '/now' }] };

function run(app: App, input: ScenarioInput = oneGet, seed = 1, options: { answerPatienceUs?: number; state?: () => unknown } = {}) {
  return runGuestScenario('guest', parseScenario(input), { seed, app: () => processOf(app), ...options });
}

const processed = (events: readonly TraceEvent[]): TraceEvent => events.find((e) => e.kind === 'process')!;
const bodyOf = (result: Awaited<ReturnType<typeof run>>, step = 0): unknown => JSON.parse(result.exchanges[step]!.response!.body!);

describe('a guest app in the virtual world', { timeout: 10_000 }, () => {
  it('shows an app waiting 15 ms on setTimeout as 15 ms of virtual time, and its body the virtual date', async () => {
    const plain = await run(plainApp);
    const waiting = await run(waitingApp);
    const plainAt = processed(plain.trace.events).atUs;
    const waitingAt = processed(waiting.trace.events).atUs;
    expect(waitingAt - plainAt).toBe(15_000);
    // Arrives at 60 ms (the WAN), handled 15 ms (the origin's processingUs), then 15 ms on its own timer.
    expect([plainAt, waitingAt]).toEqual([75_000, 90_000]);
    expect(bodyOf(plain)).toEqual({ now: virtualEpochMs + 75 });
    expect(bodyOf(waiting)).toEqual({ now: virtualEpochMs + 90 });
    expect(new Date(virtualEpochMs + 90).toISOString()).toBe('2026-01-01T00:00:00.090Z');
    expect(processed(waiting.trace.events).note).toBe('handled in 30.000 ms');
    expect(waiting.exchanges[0]!.latencyUs! - plain.exchanges[0]!.latencyUs!).toBe(15_000);
  });

  it('gives the same trace for the same seed, and random values that follow the seed', async () => {
    const randomApp: App = async () => {
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 10)));
      return jsonResponse(200, { random: Math.random(), id: crypto.randomUUID(), bytes: [...crypto.getRandomValues(new Uint8Array(4))] });
    };
    const twoGets: ScenarioInput = { steps: [{ method: 'GET', path: '/a' }, { method: 'GET', path: '/b' }] };
    const first = await run(randomApp, twoGets, 5);
    const again = await run(randomApp, twoGets, 5);
    const other = await run(randomApp, twoGets, 6);
    expect(again.traceHash).toBe(first.traceHash);
    expect(bodyOf(again, 1)).toEqual(bodyOf(first, 1));
    expect(bodyOf(other, 1)).not.toEqual(bodyOf(first, 1));
    expect(bodyOf(first, 0)).not.toEqual(bodyOf(first, 1));
  });

  it('builds a fresh app for every run, inside the world, so nothing leaks from one seed to the next', async () => {
    let builds = 0;
    const app = () => {
      builds++;
      const startedAt = Date.now();
      let served = 0;
      return processOf(() => Promise.resolve(jsonResponse(200, { startedAt, served: ++served })));
    };
    const spec = parseScenario(oneGet);
    const first = await runGuestScenario('fresh', spec, { seed: 1, app });
    const second = await runGuestScenario('fresh', spec, { seed: 2, app });
    expect(builds).toBe(2);
    expect(JSON.parse(first.exchanges[0]!.response!.body!)).toEqual({ startedAt: virtualEpochMs, served: 1 });
    expect(JSON.parse(second.exchanges[0]!.response!.body!)).toEqual({ startedAt: virtualEpochMs, served: 1 });
  });

  it('ends cleanly when the app answers and leaves timers behind, an interval that never stops included', async () => {
    const leavingTimers: App = () => {
      setInterval(() => undefined, 1);
      setTimeout(() => undefined, 3_600_000);
      return Promise.resolve(jsonResponse(200, { ok: true }));
    };
    const result = await run(leavingTimers);
    expect(result.summary[0]!.status).toBe(200);
    expect(result.endUs).toBe(result.exchanges[0]!.completedUs); // nothing runs after the client has its answer
    expect(await realWorldIsBack()).toBe(true);
  });

  it('fails, naming the request and the virtual time, when the app never answers, and does not hang', async () => {
    const never: App = () => new Promise(() => undefined);
    const failure = run(never);
    await expect(failure).rejects.toThrow(UnansweredRequestError);
    await expect(failure).rejects.toThrow(
      'the app never answered GET /now (exchange #1, attempt 1, from client) (and 2 more requests unanswered): it was handed the request at 75.000 ms, ' +
        'and at 1500.000 ms (virtual) nothing else is left to run and the app has no timer left that could answer it',
    );
    expect(await realWorldIsBack()).toBe(true);
  }, 5_000);

  it('lets the app answer from a timer after the client gave up, but not past the patience, with an interval ticking', async () => {
    const slow = (afterMs: number): App => async () => {
      setInterval(() => undefined, 100); // keeps timers pending forever: the patience, not the timers, must end it
      await new Promise((resolve) => setTimeout(resolve, afterMs));
      return jsonResponse(200, {});
    };
    const late = await run(slow(2_000), oneGet, 1, { answerPatienceUs: 5_000_000 });
    expect(late.summary[0]!.outcome).toBe('unknown'); // the client gave up at 1.06 s; the answer comes at 2.075 s, ignored
    expect(late.trace.events.some((e) => e.kind === 'ignore')).toBe(true);
    await expect(run(slow(60_000), oneGet, 1, { answerPatienceUs: 5_000_000 })).rejects.toThrow(
      /never answered GET \/now .*the app's next timer is at 5\d{3}\.\d{3} ms, past the 5000\.000 ms it may take/,
    );
  }, 10_000);

  it('gives every real one back when the run throws', async () => {
    const throwing: App = () => {
      setTimeout(() => {
        throw new Error('timer boom');
      }, 1);
      return Promise.resolve(jsonResponse(200, {}));
    };
    await expect(run(throwing)).rejects.toThrow(/setTimeout of 1.000 ms callback, set at 75.000 ms, threw at 76.000 ms \(virtual\): timer boom/);
    expect(await realWorldIsBack()).toBe(true);
    await expect(run(() => Promise.reject(new Error('handler boom')))).rejects.toThrow(
      "the app's answer to GET /now (exchange #1, attempt 1) failed at 75.000 ms (virtual): handler boom",
    );
    expect(await realWorldIsBack()).toBe(true);
    const badFactory = runGuestScenario('bad', parseScenario(oneGet), {
      seed: 1,
      app: () => {
        throw new Error('cannot start');
      },
    });
    await expect(badFactory).rejects.toThrow('cannot start');
    expect(await realWorldIsBack()).toBe(true);
  });

  it("reports the app's own state instead of apisim's, in the result, --json and the summary", async () => {
    let hits = 0;
    const counting: App = () => Promise.resolve(jsonResponse(200, { hits: ++hits }));
    const result = await run(counting, oneGet, 1, { state: () => ({ hits }) });
    expect(result.guestState).toEqual({ hits: 1 });
    const json = jsonSummary(result);
    expect(json).toMatchObject({ finalState: { hits: 1 }, notVirtual: [], exchanges: [{ auth: 'none', status: 200 }] });
    expect(json).not.toHaveProperty('guestState');
    expect(json).not.toHaveProperty('audit');
    const text = renderSummary(result, 'n/a');
    expect(text).toContain('State the app reported: {"hits":1}');
    expect(text).not.toContain('Audit:');
    expect(text).not.toContain('Not virtual');
  });

  it('has no finalState in --json when the app has no state to report', async () => {
    const json = jsonSummary(await run(plainApp));
    expect(Object.keys(json)).toEqual(['scenario', 'seed', 'traceHash', 'events', 'endMs', 'originRequests', 'originFrames', 'cache', 'exchanges', 'notVirtual', 'subscriptions']);
  });

  it('says in the summary and in --json what the app called that the world does not make virtual', async () => {
    const drawing: App = () => Promise.resolve(jsonResponse(200, { n: randomInt(1_000) }));
    const result = await run(drawing);
    const seen = "node:crypto's randomInt, called 1 time: random values the virtual world does not seed";
    expect(result.notVirtual).toEqual([seen]);
    expect(jsonSummary(result)).toMatchObject({ notVirtual: [seen] });
    expect(renderSummary(result, 'n/a')).toContain(`Not virtual, so this seed may not replay (--check-determinism tells):\n  ${seen}\n`);
  });

  describe('a crash ends the timers the crashed app set', () => {
    /** Rows in a store that outlives the app; a POST is answered at once and written 50 ms later, behind. */
    const writeBehind = (store: { rows: string[] }): App => (req) => {
      if (req.method === 'GET') return Promise.resolve(jsonResponse(200, { rows: store.rows }));
      setTimeout(() => store.rows.push(req.body ?? ''), 50);
      return Promise.resolve(jsonResponse(201, {}));
    };
    // The first POST's answer leaves, then the process dies, 50 ms before its write; the second POST, after the restart, is written.
    const postCrashPost: ScenarioInput = {
      steps: [{ method: 'POST', path: '/rows', body: 'a' }, { method: 'POST', path: '/rows', body: 'b', atUs: 500_000 }, { method: 'GET', path: '/rows', atUs: 1_000_000 }],
      crashes: [{ request: 1, point: 'after-response', downUs: 200_000 }],
    };
    it.each([
      ['a new app on the same store', (app: OriginProcess, store: { rows: string[] }) => processOf(writeBehind(store))],
      ['the app it was given', (app: OriginProcess) => app],
    ])('when restart returns %s', async (_, restartWith) => {
      const store = { rows: [] as string[] };
      const result = await runGuestScenario('write-behind', parseScenario(postCrashPost), {
        seed: 1, app: () => processOf(writeBehind(store)), restart: (app) => restartWith(app, store),
      });
      expect(result.summary.map((s) => s.status)).toEqual([201, 201, 200]);
      expect(store.rows).toEqual(['"b"']);
      expect(bodyOf(result, 2)).toEqual({ rows: ['"b"'] });
      expect(await realWorldIsBack()).toBe(true);
    });
  });

  it("refuses crash points and apisim's credentials, before lending anything", async () => {
    await expect(run(plainApp, { ...oneGet, crashes: [{ request: 1 }] })).rejects.toThrow(ScenarioError);
    await expect(run(plainApp, { steps: [{ method: 'GET', path: '/me', auth: 'token:alice' }] })).rejects.toThrow(
      /steps\[0\] \(GET \/me\): "auth": "token:alice" is a credential of apisim's own origin/,
    );
    const none = await run(plainApp, { steps: [{ client: 'alice', method: 'GET', path: '/me', auth: 'none', headers: { authorization: 'Bearer mine' } }] });
    expect(none.exchanges[0]!.request.headers).toEqual({ authorization: 'Bearer mine' });
  });
});

describe('real I/O and the app\'s start', { timeout: 10_000 }, () => {
  it('waits for the I/O the start began (a loader writing its cache after an import) before the run begins', async () => {
    // Not awaited: what a TypeScript loader does with its cache, after the import it served has resolved.
    const app = () => {
      void readFile(import.meta.filename).catch(() => undefined);
      return processOf(plainApp);
    };
    const result = await runGuestScenario('start-io', parseScenario(oneGet), { seed: 1, app });
    expect(result.exchanges[0]!.response!.status).toBe(200);
  });

  it('waits for the real work an answer begins, at the instant it began, and names it in the trace', async () => {
    const reading = processOf(async () => {
      await realWorkOf.file();
      return jsonResponse(200, {});
    });
    const result = await runGuestScenario('answer-io', parseScenario(oneGet), { seed: 1, app: () => reading });
    const events = result.trace.events.filter((e) => e.kind === 'real-work' || e.kind === 'process').map((e) => [e.kind, e.atUs, e.note]);
    // Named once the instant has settled: after the answer it let the app give.
    expect(events).toEqual([['process', 75_000, 'handled in 15.000 ms'], ['real-work', 75_000, 'waited for a file operation']]);
  });

  it('gives concurrent requests that each wait on real work (a file, a hash, zlib, an import) one trace hash on every run', async () => {
    await loadNativeImport();
    const kinds = Object.keys(realWorkOf) as (keyof typeof realWorkOf)[];
    const app = processOf(async (req) => {
      await realWorkOf[kinds[Number(req.path.slice(1)) % kinds.length]!]();
      return jsonResponse(200, { path: req.path });
    });
    // Eight requests at once from eight clients, two of each kind of real work.
    const steps = Array.from({ length: 8 }, (_, i) => ({ client: `c${i}`, method: 'GET', path: `/${i}`, atUs: 0 }));
    const hashes = new Set<string>();
    for (let i = 0; i < 8; i++) hashes.add((await runGuestScenario('concurrent', parseScenario({ steps }), { seed: 3, app: () => app })).traceHash);
    expect(hashes.size).toBe(1);
    const once = await runGuestScenario('concurrent', parseScenario({ steps }), { seed: 3, app: () => app });
    expect(once.trace.events.filter((e) => e.kind === 'real-work').map((e) => e.note).sort()).toEqual([
      'waited for a crypto job (Web Crypto, async node:crypto)', 'waited for a crypto job (Web Crypto, async node:crypto)',
      'waited for a file operation', 'waited for a file operation', 'waited for async zlib', 'waited for async zlib',
    ]);
  });
});
