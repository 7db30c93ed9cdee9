import { Buffer } from 'node:buffer';
import type { NotesWorkload } from './workload.js';

/**
 * The bare reference: what the simulation would cost written by hand, with no Link, node, envelope or trace
 * objects, no validation and no async loop. The harness is measured against it, so it must do the same
 * simulated work (the same events, the same timing arithmetic, the same real JSON work at the origin) and
 * nothing more; `reference-loop.test.ts` holds it to that.
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
  readonly notes: ReadonlyMap<number, string>;
  readonly endUs: number;
  readonly eventsRun: number;
}

const notesPrefix = '/notes/';

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
  const notes = new Map<number, string>();
  const clientCount = workload.clients.length;
  // Gate 1's share of the work: every request names a session the origin looks up.
  const sessions = new Map<string, number>(workload.clients.map((_, c) => [`session-${c}`, c]));
  const cookies = workload.clients.map((_, c) => `sid=session-${c}`);
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
    const startedUs = loop.nowUs;
    const requestBytes = Buffer.byteLength(put.body, 'utf8');
    const upStartUs = Math.max(towardCacheBusyUntilUs[client]!, startedUs);
    const upEndUs = upStartUs + Math.ceil(requestBytes * wanUsPerByte);
    towardCacheBusyUntilUs[client] = upEndUs;

    loop.at(upEndUs + wanOneWayDelayUs, () => {
      // The LAN's bandwidth is unlimited, so its transmitter never holds a message back.
      loop.at(loop.nowUs + lanOneWayDelayUs, () => {
        loop.at(loop.nowUs + originProcessingUs, () => {
          const sid = cookies[client]!.slice(cookies[client]!.indexOf('=') + 1);
          if (sessions.get(sid) !== client) throw new Error('reference: unknown session');
          const id = Number(put.path.slice(notesPrefix.length));
          const { content } = JSON.parse(put.body) as { content: string };
          notes.set(id, content);
          const responseBytes = Buffer.byteLength(JSON.stringify({ id, content }), 'utf8');

          loop.at(loop.nowUs + lanOneWayDelayUs, () => {
            const downStartUs = Math.max(towardClientBusyUntilUs[client]!, loop.nowUs);
            const downEndUs = downStartUs + Math.ceil(responseBytes * wanUsPerByte);
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
  return { latenciesUs, notes, endUs: loop.nowUs, eventsRun: loop.eventsRun };
}
