import { Rng, RngStreams } from '../rng.js';
import type { NoteOperation, NoteState } from './history.js';

/** How big and how crowded a generated history is. */
export interface ConcurrentHistoryShape {
  readonly operations: number;
  /** Clients that each run operations back to back on the same note, so this many overlap at any time. */
  readonly clientsPerNote: number;
  readonly operationsPerNote: number;
  readonly seed: number;
}

/** One operation lasts 1–4 ms and the next starts 0–0.5 ms later: about as long as a simulated round trip. */
const durationUs = { min: 1_000, max: 4_000 } as const;
const thinkUs = { min: 0, max: 500 } as const;

/**
 * A linearizable history by construction: every operation takes effect at a point drawn inside its interval,
 * and its answer is what a register shows at that point. Reads, writes of a value nobody wrote before (so a
 * read says which write it saw), and a few deletes; every note is its own register. The benchmark of the
 * checker (bench/harness/linearizability.ts) and the property that compares searches run on it.
 */
export function concurrentHistory(shape: ConcurrentHistoryShape): NoteOperation[] {
  const rng = new RngStreams(shape.seed).stream('workload');
  const notes = Math.ceil(shape.operations / shape.operationsPerNote);
  const operations: NoteOperation[] = [];
  for (let note = 1; note <= notes; note++) {
    const count = Math.min(shape.operationsPerNote, shape.operations - operations.length);
    operations.push(...noteHistory(rng, note, count, shape.clientsPerNote));
  }
  operations.sort((a, b) => a.invokeUs - b.invokeUs || a.id - b.id);
  return operations.map((op, index) => ({ ...op, id: index + 1 }));
}

interface Planned {
  readonly client: string;
  readonly kind: 'read' | 'write' | 'delete';
  readonly invokeUs: number;
  readonly completeUs: number;
  readonly effectUs: number;
  readonly value: string;
}

function noteHistory(rng: Rng, noteId: number, count: number, clients: number): NoteOperation[] {
  const planned: Planned[] = [];
  const freeAtUs = new Array<number>(clients).fill(0);
  for (let i = 0; i < count; i++) {
    // Always the client that is free first, so the clients stay overlapped the whole way through.
    const c = freeAtUs.indexOf(Math.min(...freeAtUs));
    const invokeUs = freeAtUs[c]! + rng.int(thinkUs.min, thinkUs.max);
    const completeUs = invokeUs + rng.int(durationUs.min, durationUs.max);
    const draw = rng.int(0, 99);
    const kind = draw < 50 ? 'read' : draw < 95 ? 'write' : 'delete';
    planned.push({ client: `n${noteId}c${c + 1}`, kind, invokeUs, completeUs, effectUs: rng.int(invokeUs + 1, completeUs - 1), value: `n${noteId}v${i}` });
    freeAtUs[c] = completeUs;
  }
  const byEffect = planned.map((p, order) => ({ p, order })).sort((a, b) => a.p.effectUs - b.p.effectUs || a.order - b.order);
  let state: NoteState = null;
  return byEffect.map(({ p, order }): NoteOperation => {
    const base = { id: order, client: p.client, noteId, invokeUs: p.invokeUs, completeUs: p.completeUs, status: 'ok', attempts: 1 } as const;
    switch (p.kind) {
      case 'read':
        return { ...base, kind: 'read', input: undefined, output: state, httpStatus: state === null ? 404 : 200 };
      case 'write':
        state = p.value;
        return { ...base, kind: 'write', input: p.value, output: undefined, httpStatus: 200 };
      case 'delete': {
        const wasThere = state !== null;
        state = null;
        return { ...base, kind: 'delete', input: undefined, output: wasThere ? 'deleted' : 'absent', httpStatus: wasThere ? 204 : 404 };
      }
    }
  });
}
