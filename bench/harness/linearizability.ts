import { concurrentHistory } from '../../sim/history/concurrent-history.js';
import type { NoteOperation } from '../../sim/history/history.js';
import { checkLinearizability } from '../../sim/history/linearizability.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';

/** The most operations a note may have before the checker calls it undecided (`defaultCheckOptions`). */
const shape = { operations: 10_000, operationsPerNote: 1_000, seed: 1 } as const;

function clientsVariant(clientsPerNote: number): BenchmarkDefinition {
  let history: NoteOperation[] | undefined;
  let statesExplored: number | undefined;
  return {
    benchmark: 'linearizability check: 10,000 operations',
    variant: `${clientsPerNote} clients per note`,
    unit: 'operations_checked_per_second',
    unitsPerIteration: shape.operations,
    isReference: clientsPerNote === 5,
    run: () => {
      // Made once, untimed: the rate is the checker's alone.
      history ??= concurrentHistory({ ...shape, clientsPerNote });
      const result = checkLinearizability(history);
      if (!result.ok) throw new Error(`linearizability: a history linearizable by construction was judged ${result.reason}`);
      expectCount('linearizability: notes checked', result.notes, shape.operations / shape.operationsPerNote);
      // The checker is deterministic: every check must search exactly as much as the first.
      statesExplored ??= result.statesExplored;
      expectCount('linearizability: states explored', result.statesExplored, statesExplored);
    },
  };
}

/**
 * linearizability check: the wall time of `checkLinearizability` on a history of 10,000 operations, ten
 * notes of 1,000, each note's clients running operations back to back so that 5, the reference, or 10 are
 * in flight at any time. The ratio says what doubling the overlap costs; `mean_ms_per_iteration` is the time
 * of one check, whose speed goal is under 1 s at 10 clients (`bench/readme/speed-goals.ts`).
 */
export function linearizabilityBenchmarks(): BenchmarkDefinition[] {
  return [clientsVariant(5), clientsVariant(10)];
}
