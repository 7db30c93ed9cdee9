import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../src/http/message.js';
import type { OriginProcess } from '../nodes/origin-process.js';
import type { Simulation } from '../simulation.js';
import type { GuestOrigin, GuestVisit } from './guest-origin.js';
import { UnansweredRequestError } from './guest-loop.js';
import { runScenarioOnGuest } from './run-on-guest.js';
import { parseScenario } from './spec.js';

/** A stand-in guest: its "timers" are background events it schedules itself; it settles by a real turn of the loop. */
function standIn(process: (sim: Simulation) => OriginProcess, realWork: readonly string[] = []) {
  const visits = { entered: 0, left: 0 };
  const origin: GuestOrigin = {
    enter: (sim) => {
      visits.entered++;
      const visit: GuestVisit = {
        process: process(sim),
        settle: () => new Promise((resolve) => setImmediate(resolve)),
        state: () => ({ visits: visits.entered }),
        realWork: () => realWork,
        notVirtual: () => ['a stand-in source, called 1 time: it is not virtual'],
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
});
