import type { ReportRow } from '../harness/report.js';
import type { Machine } from '../machine.js';
import type { VariantSummary } from '../matrix/rows.js';
import type { ScaleRow as ScaleRunRow } from '../scale/scale.js';
import type { SoakRow } from '../scale/soak.js';
import type { SeedOutcome } from '../../properties/sweep/seed-outcome.js';
import type { LatencyRow } from '../../properties/sweep/sweep.js';

/**
 * What the generated `reports/README.md` is made from: the producers' own row types, narrowed to what the
 * README reads, so the README, the charts and the CSV files never disagree on a name.
 */

/** One (scenario, variant) of the scenario matrix: `reports/scenario-summary.csv`. Virtual time and bytes. */
export type ScenarioSummaryRow = Omit<VariantSummary, 'seed'>;

/** One measured variant of the simulator's own speed: `reports/local/harness.csv`. Wall-clock rates. */
export type HarnessRow = Omit<ReportRow, 'unit'> & { readonly unit: string };

/** This run's row of `variant` in `benchmark`, if it measured one. */
export function findHarnessRow(rows: readonly HarnessRow[], benchmark: string, variant: string): HarnessRow | undefined {
  return rows.find((r) => r.benchmark === benchmark && r.variant === variant);
}

/** One step of the scale run: `reports/local/scale.csv`. */
export type ScaleRow = Pick<ScaleRunRow, 'step' | 'clients' | 'requests' | 'exchanges' | 'events' | 'wall_ms' | 'events_per_wall_second' | 'heap_mb' | 'kept_trace_events'> & {
  readonly trace_mode: string;
};

/** The soak's one row: `reports/local/soak.csv`, written only by a run with `--soak`. */
export type { SoakRow };
/** One seed of the bench's sweep: `reports/sweep.csv`. Virtual time. */
export type SweepOutcomeRow = Pick<SeedOutcome, 'seed' | 'target' | 'faults' | 'verdict' | 'findings' | 'exchanges' | 'noResponse' | 'counterexample' | 'replay'>;

/** One request kind under one fault mix, over every seed: `reports/latency-distribution.csv`, its HDR histogram decoded. */
export type LatencyDistributionRow = LatencyRow;

/** The bench's seed sweep as the README reads it back from its files. */
export interface SweepInput {
  readonly outcomes: readonly SweepOutcomeRow[];
  readonly latencies: readonly LatencyDistributionRow[];
  /** Each counterexample file of `counterexamples/sweep/` by file name, and the steps it was shrunk to. */
  readonly counterexampleSteps: ReadonlyMap<string, number>;
}

/** A demonstration scenario's sequence diagram, generated from its trace. */
export interface ScenarioDiagram {
  readonly title: string;
  readonly scenario: string;
  /** The diagram's source, without the fence. */
  readonly mermaid: string;
}

/** A chart already written, relative to `reports/`. */
export interface ChartLink {
  readonly file: string;
  readonly title: string;
}

/** The committed `reports/README.md`: virtual-clock results only, the same bytes on every machine. */
export interface ReportsReadmeInput {
  readonly summaries: readonly ScenarioSummaryRow[];
  readonly diagrams: readonly ScenarioDiagram[];
  /** The committed seed sweep, read back from its files; undefined before the first whole run writes them. */
  readonly sweep: SweepInput | undefined;
  /** The charts drawn from virtual-clock rows, relative to `reports/`. */
  readonly charts: readonly ChartLink[];
}

/** `reports/local/README.md` (not committed): what depends on the machine, and the machine itself. */
export interface LocalReadmeInput {
  readonly harness: readonly HarnessRow[];
  readonly scale: readonly ScaleRow[];
  /** Only when the run was asked for it (`--soak`). */
  readonly soak: SoakRow | undefined;
  readonly machine: Machine;
  /** The charts drawn from wall-clock rows, relative to `reports/local/`. */
  readonly charts: readonly ChartLink[];
  /** Exactly what was typed, e.g. `npm run bench -- --quick`. */
  readonly command: string;
  /** A quick run measures less: fewer rounds and variants, rougher numbers. */
  readonly quick: boolean;
}
