import { concurrentHistory } from '../../sim/history/concurrent-history.js';
import type { NoteOperation } from '../../sim/history/history.js';
import { checkLinearizability } from '../../sim/history/linearizability.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';

/** The most operations a note may have before the checker calls it undecided (`defaultCheckOptions`). */
const shape = { operations: 10_000, operationsPerNote: 1_000, seed: 1 } as const;

function clientsVariant(clientsPerNote: number, operationsPerNote: number = shape.operationsPerNote): BenchmarkDefinition {
  let history: NoteOperation[] | undefined;
  let statesExplored: number | undefined;
  const oneNote = operationsPerNote === shape.operations;
  return {
    benchmark: 'linearizability check: 10,000 operations',
    variant: oneNote ? `${clientsPerNote} clients, one note of ${shape.operations.toLocaleString('en-US')}` : `${clientsPerNote} clients per note`,
    unit: 'operations_checked_per_second',
    unitsPerIteration: shape.operations,
    isReference: clientsPerNote === 5,
    // At 20 clients one check takes a large part of a second.
    ...(clientsPerNote >= 20 ? { minIterationsPerRound: 3 } : {}),
    run: () => {
      // Made once, untimed: the rate is the checker's alone.
      history ??= concurrentHistory({ ...shape, operationsPerNote, clientsPerNote });
      const result = checkLinearizability(history, { maxOperationsPerNote: operationsPerNote });
      if (!result.ok) throw new Error(`linearizability: a history linearizable by construction was judged ${result.reason}`);
      expectCount('linearizability: notes checked', result.notes, shape.operations / operationsPerNote);
      // The checker is deterministic: every check must search exactly as much as the first.
      statesExplored ??= result.statesExplored;
      expectCount('linearizability: states explored', result.statesExplored, statesExplored);
    },
  };
}

/**
 * linearizability check: the wall time of `checkLinearizability` on a history of 10,000 operations, ten
 * notes of 1,000, each note's clients running operations back to back so that 5, the reference, 10 or 20 (as
 * many as Jepsen runs against a key) are in flight at any time; and the same 10,000 as one note at 20 clients,
 * which must cost no more per operation than ten notes. The ratio says what the overlap costs;
 * `mean_ms_per_iteration` is the time of one check, whose speed goal is under 1 s at 10 clients
 * (`bench/readme/speed-goals.ts`).
 */
export function linearizabilityBenchmarks(): BenchmarkDefinition[] {
  return [clientsVariant(5), clientsVariant(10), clientsVariant(20), clientsVariant(20, shape.operations)];
}
