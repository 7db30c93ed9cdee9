import type { RunResult } from '../../sim/scenario/run.js';
import type { ScenarioSpec } from '../../sim/scenario/spec.js';

/**
 * What one variant runs: a scenario in the real format (already through `parseScenario`), and how many of
 * its first steps only prepare what is measured (a warm-up GET that fills the cache). Those steps still get
 * rows, marked `warm-up`, but stay out of the variant's summary.
 */
export interface VariantPlan {
  readonly spec: ScenarioSpec;
  readonly warmUpSteps: number;
}

export interface MatrixVariant {
  /** Unique within its scenario, no `/`: the filter matches `scenario/variant`. */
  readonly name: string;
  /** Kept in a `--quick` run; every scenario keeps at least one, so the file stays whole. */
  readonly quick: boolean;
  /** Async because a plan may need runs of its own (a REST client's next requests depend on earlier answers). */
  plan(seed: number): Promise<VariantPlan>;
}

/** The one figure of the final state that tells the scenario's story, e.g. `notes_count` = 2. */
export interface StateFigure {
  readonly name: string;
  value(run: RunResult): string;
}

export interface MatrixScenario {
  readonly name: string;
  /** Fixed, so the file is the same on every run; written in every row so any row can be replayed. */
  readonly seed: number;
  readonly stateFigure: StateFigure;
  readonly variants: readonly MatrixVariant[];
}
