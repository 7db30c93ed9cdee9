/** What a rate counts, per wall-clock second; the CSV's `unit` column. */
export type Unit =
  | 'events_per_second'
  | 'round_trips_per_second'
  | 'property_runs_per_second'
  | 'queries_per_second'
  | 'simulated_seconds_per_wall_second'
  | 'seeds_per_second'
  | 'operations_checked_per_second';

/** One measured variant: a function that does `unitsPerIteration` units of work per call. */
export interface BenchmarkDefinition {
  readonly benchmark: string;
  readonly variant: string;
  readonly unit: Unit;
  readonly unitsPerIteration: number;
  /** The variant every other one in the same benchmark is divided by. */
  readonly isReference: boolean;
  readonly run: () => unknown;
  /**
   * Fewer iterations per round than the plan's minimum, for a variant whose one iteration takes a large part
   * of a second: its own spread is small, and the plan's minimum would multiply the bench's run time.
   */
  readonly minIterationsPerRound?: number;
  /** False for a variant whose iterations share nothing a warm-up could warm (each starts its own threads). */
  readonly warmUp?: boolean;
  /**
   * Once before the first round and once after the last, untimed: for a variant that needs something alive
   * across all its rounds (a pool of worker threads, started and warmed once). tinybench's own hooks run per
   * Bench, and the harness makes a Bench per round, so they would start the pool again every round.
   */
  readonly setUp?: () => Promise<void>;
  readonly tearDown?: () => Promise<void>;
}

/**
 * Every run checks that it did all its work: a broken or short-circuited run must fail the benchmark, not
 * report an impressive rate.
 */
export function expectCount(what: string, actual: number, expected: number): void {
  if (actual !== expected) throw new Error(`${what}: expected ${expected}, got ${actual}`);
}
