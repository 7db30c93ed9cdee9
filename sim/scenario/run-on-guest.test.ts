import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../src/http/message.js';
import type { OriginProcess } from '../nodes/origin-process.js';
import type { Simulation } from '../simulation.js';
import type { GuestOrigin, GuestVisit } from './guest-origin.js';
import { UnansweredRequestError } from './guest-loop.js';
import { runScenarioOnGuest } from './run-on-guest.js';
import { parseScenario } from './spec.js';

/**
 * A stand-in guest: its "timers" are background events it schedules itself; it settles by a real turn of the
 * loop. With `restart`, each restart builds the process anew (`life` counts from 0 for the first).
 */
function standIn(process: (sim: Simulation, life: number) => OriginProcess, realWork: readonly string[] = [], restartable = false, settled: (sim: Simulation) => readonly string[] = () => []) {
  const visits = { entered: 0, left: 0 };
  let lives = 0;
  const origin: GuestOrigin = {
    restartable,
    enter: (sim) => {
      visits.entered++;
      const visit: GuestVisit = {
        process: process(sim, 0),
        restart: restartable ? () => Promise.resolve(process(sim, ++lives)) : undefined,
        crashed: () => undefined,
        settle: () => new Promise((resolve) => setImmediate(() => resolve(settled(sim)))),
        state: () => ({ visits: visits.entered }),
        realWork: () => realWork,
        notVirtual: () => ['a stand-in source, called 1 time: it is not virtual'],
        output: () => ({ lines: [], omitted: 0 }),
        leave: () => {
          visits.left++;
        },
      };
      return Promise.resolve(visit);
    },
  };
  return { origin, visits };
}

const spec = parseScenario({ topology: { originProcessingUs: 0 }, steps: [{ method: 'GET', path: '/x' }, { method: 'GET', path: '/y' }] });

describe('a run on a guest', () => {
  it("sends an answer that waits on the guest's own timer when it settles, without holding the queue", async () => {
    const { origin, visits } = standIn((sim) => ({
      handle: () => new Promise((resolve) => sim.scheduleBackground(40_000, () => resolve(jsonResponse(200, { at: sim.nowUs })))),
    }));
    const result = await runScenarioOnGuest('stand-in', spec, { seed: 1, guest: origin });
    const processed = result.trace.events.filter((e) => e.kind === 'process').map((e) => [e.path, e.atUs, e.note]);
    expect(processed[0]).toEqual(['/x', 100_000, 'handled in 40.000 ms']);
    expect(result.summary.map((x) => [x.status, x.auth])).toEqual([[200, 'none'], [200, 'none']]);
    expect(result.guestState).toEqual({ visits: 1 });
    expect(result.notVirtual).toEqual(['a stand-in source, called 1 time: it is not virtual']);
    expect(visits).toEqual({ entered: 1, left: 1 });
  });

  it('fails a run whose guest owes an answer and has nothing left, naming the real work it may wait on, and still leaves', async () => {
    const { origin, visits } = standIn(() => ({ handle: () => new Promise(() => undefined) }), ['TCPSocketWrap (a real socket)']);
    const failure = runScenarioOnGuest('stand-in', spec, { seed: 1, guest: origin });
    await expect(failure).rejects.toThrow(UnansweredRequestError);
    await expect(failure).rejects.toThrow(/never answered GET \/x \(exchange #1, attempt 1, from client\).*real work.*TCPSocketWrap \(a real socket\)/);
    expect(visits).toEqual({ entered: 1, left: 1 });
  });

  describe('crashes, with a restart', () => {
    /** Answers after 40 ms of its own timer, saying which life of the process answered. */
    const slow = (sim: Simulation, life: number): OriginProcess => ({
      handle: () => new Promise((resolve) => sim.scheduleBackground(40_000, () => resolve(jsonResponse(200, { life })))),
    });
    const naive = { modes: { client: { policy: 'naive' as const, maxAttempts: 1 } } };
    const kinds = (result: { trace: { events: readonly { kind: string; atUs: number; path?: string | undefined; note?: string | undefined }[] } }) =>
      result.trace.events.filter((e) => ['crash', 'restart', 'drop'].includes(e.kind)).map((e) => [e.kind, e.atUs, e.note]);

    it('after-effect: the crash falls when the app has answered, and that answer never leaves', async () => {
      const { origin } = standIn(slow, [], true);
      const run = parseScenario({ ...spec, ...naive, steps: [{ method: 'GET', path: '/x' }, { method: 'GET', path: '/y', atUs: 1_000_000 }], crashes: [{ request: 1, point: 'after-effect', downUs: 100_000 }] });
      const result = await runScenarioOnGuest('stand-in', run, { seed: 1, guest: origin });
      expect(kinds(result)).toEqual([['crash', 100_000, 'crash at request 1, after its effect, before its response; down for 100.000 ms'], ['restart', 200_000, 'restarted on the same storage']]);
      expect(result.summary.map((x) => x.status)).toEqual([null, 200]);
      expect(JSON.parse(result.exchanges[1]!.response!.body!)).toEqual({ life: 1 });
    });

    it('a crash at a time loses the answers the app still owed: they are dropped when they settle, and no longer owed', async () => {
      const { origin } = standIn((sim, life) => (life === 0 ? { handle: () => new Promise(() => undefined) } : slow(sim, life)), [], true);
      const run = parseScenario({ ...spec, ...naive, steps: [{ method: 'GET', path: '/x' }, { method: 'GET', path: '/y', atUs: 1_000_000 }], crashes: [{ atUs: 70_000, downUs: 100_000 }] });
      // The first life never answers /x: without the crash, the run would fail with an UnansweredRequestError.
      const result = await runScenarioOnGuest('stand-in', run, { seed: 1, guest: origin });
      expect(result.summary.map((x) => x.status)).toEqual([null, 200]);
      expect(JSON.parse(result.exchanges[1]!.response!.body!)).toEqual({ life: 1 });
    });

    it('drops the answer of a request begun before a crash, when it settles after it', async () => {
      const { origin } = standIn(slow, [], true);
      const run = parseScenario({ ...spec, ...naive, steps: [{ method: 'GET', path: '/x' }], crashes: [{ atUs: 70_000, downUs: 100_000 }] });
      const result = await runScenarioOnGuest('stand-in', run, { seed: 1, guest: origin });
      expect(kinds(result)).toEqual([
        ['crash', 70_000, 'crash at 70.000 ms, requests being handled are lost; down for 100.000 ms'],
        ['drop', 100_000, 'answer lost in the crash'],
        ['restart', 170_000, 'restarted on the same storage'],
      ]);
    });

    it('refuses crashes when the guest cannot restart', async () => {
      const { origin, visits } = standIn(slow);
      const run = parseScenario({ ...spec, crashes: [{ atUs: 70_000 }] });
      await expect(runScenarioOnGuest('stand-in', run, { seed: 1, guest: origin })).rejects.toThrow(/export restart\(app\)/);
      expect(visits.entered).toBe(0);
    });
  });
});
