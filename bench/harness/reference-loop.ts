import { SharedCache } from '../../src/cache/shared-cache.js';
import { request } from '../../src/http/message.js';
import { createOrigin, defaultOriginSettings, type Origin } from '../../src/origin.js';
import { testEnvironment } from '../../src/testing-kit.js';
import type { NotesWorkload } from './workload.js';

/**
 * The bare reference: what the simulation would cost written by hand, with no Link, node, envelope or trace
 * objects, no validation and no async loop. It calls the same service code as the harness (the origin's
 * handler with both gates, the shared cache's decisions) at the same moments, so the ratio between the two
 * is the simulator's own overhead, whatever the service does. `reference-loop.test.ts` holds it to that.
 */

/** The harness's default topology restated as numbers, so that a change there shows up as a failing test. */
export const referenceTiming = {
  wanOneWayDelayUs: 60_000,
  wanBandwidthBitsPerSecond: 2_000_000,
  lanOneWayDelayUs: 0,
  originProcessingUs: 15_000,
} as const;

type Action = () => void;

interface Pending {
  readonly atUs: number;
  readonly seq: number;
  readonly action: Action;
}

/** A binary min-heap of closures ordered by (time, insertion), and the clock it drives. */
export class ReferenceLoop {
  nowUs = 0;
  eventsRun = 0;
  readonly #heap: Pending[] = [];
  #seq = 0;

  at(atUs: number, action: Action): void {
    const event: Pending = { atUs, seq: this.#seq++, action };
    const heap = this.#heap;
    let i = heap.length;
    heap.push(event);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent]!;
      if (p.atUs < atUs || (p.atUs === atUs && p.seq < event.seq)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = event;
  }

  run(): void {
    const heap = this.#heap;
    while (heap.length > 0) {
      const top = heap[0]!;
      const last = heap.pop()!;
      const n = heap.length;
      if (n > 0) {
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          if (left >= n) break;
          let child = left;
          let c = heap[left]!;
          if (left + 1 < n) {
            const r = heap[left + 1]!;
            if (r.atUs < c.atUs || (r.atUs === c.atUs && r.seq < c.seq)) {
              child = left + 1;
              c = r;
            }
          }
          if (last.atUs < c.atUs || (last.atUs === c.atUs && last.seq < c.seq)) break;
          heap[i] = c;
          i = child;
        }
        heap[i] = last;
      }
      this.nowUs = top.atUs;
      this.eventsRun++;
      top.action();
    }
  }
}

export interface ReferenceRun {
  /** Per client, per PUT in workload order: from the send to the receipt of the whole response. */
  readonly latenciesUs: readonly (readonly number[])[];
  readonly origin: Origin;
  readonly endUs: number;
  readonly eventsRun: number;
}

/** The benchmark measures the simulator, not the rate limiter: every client may send as fast as it likes. */
export const unlimitedOriginSettings = { ...defaultOriginSettings, rateLimit: { burst: 1e9, refillPerSecond: 1e9 } };

/**
 * client ─WAN─ cache ─LAN─ origin and back, one closure per hop. The event structure mirrors the harness
 * (arrive at the cache, arrive at the origin, finish processing, arrive back at the cache, arrive at the
 * client) so both runs pop the same number of events; only the harness's cancelled client timers have no
 * counterpart here, since managing them is part of the overhead being measured.
 */
export function runReferenceRoundTrips(workload: NotesWorkload): ReferenceRun {
  const { wanOneWayDelayUs, lanOneWayDelayUs, originProcessingUs } = referenceTiming;
  const wanUsPerByte = 8_000_000 / referenceTiming.wanBandwidthBitsPerSecond;
  const loop = new ReferenceLoop();
  const origin = createOrigin({ ...testEnvironment(), now: () => loop.nowUs }, unlimitedOriginSettings);
  const cache = new SharedCache();
  const alice = origin.accounts.byId(1)!;
  const clientCount = workload.clients.length;
  const headers = workload.clients.map(() => ({ cookie: `sid=${origin.login.openSession(alice, 0)}`, 'content-type': 'application/json' }));
  // Each client has its own WAN line, and each direction of it is a FIFO transmitter.
  const towardCacheBusyUntilUs = new Array<number>(clientCount).fill(0);
  const towardClientBusyUntilUs = new Array<number>(clientCount).fill(0);
  const nextPut = new Array<number>(clientCount).fill(0);
  const latenciesUs = workload.clients.map((puts) => new Array<number>(puts.length).fill(0));

  const send = (client: number): void => {
    const puts = workload.clients[client]!;
    const index = nextPut[client]!;
    if (index >= puts.length) return;
    nextPut[client] = index + 1;
    const put = puts[index]!;
    const req = request('PUT', put.path, headers[client], put.body);
    const startedUs = loop.nowUs;
    const upStartUs = Math.max(towardCacheBusyUntilUs[client]!, startedUs);
    const upEndUs = upStartUs + Math.ceil(req.bodyBytes * wanUsPerByte);
    towardCacheBusyUntilUs[client] = upEndUs;

    loop.at(upEndUs + wanOneWayDelayUs, () => {
      const forwarded = cache.lookup(req, loop.nowUs);
      if (forwarded.kind === 'hit') throw new Error('reference: a PUT is never a cache hit');
      // The LAN's bandwidth is unlimited, so its transmitter never holds a message back.
      loop.at(loop.nowUs + lanOneWayDelayUs, () => {
        loop.at(loop.nowUs + originProcessingUs, () => {
          const res = origin.handle(forwarded.request);
          if (res instanceof Promise) throw new Error('reference: a session request is answered synchronously');

          loop.at(loop.nowUs + lanOneWayDelayUs, () => {
            const answer = cache.onResponse(forwarded, res, loop.nowUs).response;
            const downStartUs = Math.max(towardClientBusyUntilUs[client]!, loop.nowUs);
            const downEndUs = downStartUs + Math.ceil(answer.bodyBytes * wanUsPerByte);
            towardClientBusyUntilUs[client] = downEndUs;

            loop.at(downEndUs + wanOneWayDelayUs, () => {
              latenciesUs[client]![index] = loop.nowUs - startedUs;
              send(client);
            });
          });
        });
      });
    });
  };

  for (let client = 0; client < clientCount; client++) {
    for (let w = 0; w < workload.inFlightPerClient; w++) send(client);
  }
  loop.run();
  return { latenciesUs, origin, endUs: loop.nowUs, eventsRun: loop.eventsRun };
}
