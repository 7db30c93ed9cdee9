import type { Machine } from '../machine.js';

/**
 * What the generated `reports/README.md` is made from. Each row type is the CSV's row: the field names are
 * the column names, so the README, the charts and the CSV files never disagree on a name.
 */

/** One (scenario, variant) of the scenario matrix: `reports/scenario-summary.csv`. Virtual time and bytes. */
export interface ScenarioSummaryRow {
  readonly scenario: string;
  readonly variant: string;
  readonly exchanges: number;
  readonly round_trips: number;
  readonly request_bytes: number;
  readonly response_bytes: number;
  /** Null when no measured step got a response. */
  readonly latency_ms: number | null;
  readonly origin_requests: number;
  readonly cache_hits: number;
  /** The one figure of the final state that tells the variants apart, e.g. `notes_count`. */
  readonly state_figure: string;
  readonly state_value: string;
}

/** One measured variant of the simulator's own speed: `reports/harness.csv`. Wall-clock rates. */
export interface HarnessRow {
  readonly benchmark: string;
  readonly variant: string;
  readonly unit: string;
  readonly ops_per_second: number;
  readonly ratio_to_reference: number;
  readonly reference_variant: string;
  readonly mean_ms_per_iteration: number;
  readonly rme_percent: number;
  readonly samples: number;
}

/** One step of the scale run: `reports/scale.csv`. */
export interface ScaleRow {
  readonly step: number;
  readonly clients: number;
  readonly requests: number;
  readonly trace_mode: string;
  readonly events: number;
  readonly wall_ms: number;
  readonly events_per_wall_second: number;
  readonly heap_mb: number;
  readonly kept_trace_events: number;
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

export interface ReportsReadmeInput {
  readonly summaries: readonly ScenarioSummaryRow[];
  readonly harness: readonly HarnessRow[];
  readonly scale: readonly ScaleRow[];
  readonly diagrams: readonly ScenarioDiagram[];
  readonly machine: Machine;
  readonly charts: readonly ChartLink[];
  /** Exactly what was typed, e.g. `npm run bench -- --quick`. */
  readonly command: string;
  /** A quick run measures less: fewer rounds and variants, rougher numbers. */
  readonly quick: boolean;
}
