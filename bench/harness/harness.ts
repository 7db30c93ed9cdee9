import type { BenchmarkDefinition } from './definition.js';
import { graphPipelineBenchmarks } from './graph-pipeline.js';
import { guestAdapterBenchmarks } from './guest-adapters.js';
import { linearizabilityBenchmarks } from './linearizability.js';
import { collectGarbage } from '../collect-garbage.js';
import { type MeasurementPlan, measurementPlan, measureRound, quickMeasurementPlan, summarize } from './measurement.js';
import { propertyRunBenchmarks } from './property-runs.js';
import { reportCsv, type ReportRow, reportRows, reportTable, targetVerdict } from './report.js';
import { roundTripTarget, simCoreBenchmarks } from './sim-core.js';
import { simulatedTimeBenchmarks } from './simulated-time.js';
import { sweepSpeedBenchmarks } from './sweep-speed.js';
import { targetPropertyBenchmarks } from './target-property-runs.js';

export interface BenchOptions {
  /** The quick plan: fewer and shorter rounds, for a first look or CI; ratios are noisier. */
  readonly quick: boolean;
  /** Keeps the variants whose `benchmark/variant` matches, and the reference of each benchmark kept. */
  readonly filter: RegExp | undefined;
  /** One line per measured round of one variant. */
  readonly onProgress: (line: string) => void;
}

export interface HarnessResult {
  /** `reports/local/harness.csv`, one row per variant. */
  readonly rows: readonly ReportRow[];
  /** The same rows for a terminal. */
  readonly table: string;
  /** The round-trip target's PASS/MISS line, when the round-trip benchmark was among those run. */
  readonly verdict: { readonly holds: boolean; readonly line: string } | undefined;
  readonly plan: MeasurementPlan;
}

/** Every benchmark of `reports/local/harness.csv`, each group with its reference, in the order they are measured. */
export async function harnessBenchmarks(): Promise<BenchmarkDefinition[]> {
  return [...simCoreBenchmarks(), ...(await propertyRunBenchmarks()), ...(await targetPropertyBenchmarks()), ...(await graphPipelineBenchmarks()), ...simulatedTimeBenchmarks(), ...guestAdapterBenchmarks(), ...linearizabilityBenchmarks(), ...sweepSpeedBenchmarks()];
}

/** A benchmark's ratio needs its reference, so a filter that keeps any variant of a benchmark keeps the reference too. */
export function selectBenchmarks(all: readonly BenchmarkDefinition[], filter: RegExp | undefined): BenchmarkDefinition[] {
  if (filter === undefined) return [...all];
  const matches = (d: BenchmarkDefinition): boolean => new RegExp(filter.source, filter.flags.replace('g', '')).test(`${d.benchmark}/${d.variant}`);
  const kept = new Set(all.filter(matches).map((d) => d.benchmark));
  return all.filter((d) => matches(d) || (d.isReference && kept.has(d.benchmark)));
}

export async function runHarness(options: BenchOptions): Promise<HarnessResult> {
  const plan = options.quick ? quickMeasurementPlan : measurementPlan;
  const definitions = selectBenchmarks(await harnessBenchmarks(), options.filter);
  if (definitions.length === 0) throw new Error(`no harness benchmark matches ${String(options.filter)}`);
  const samplesMs = definitions.map((): number[] => []);
  const steps = plan.rounds * definitions.length;
  const stepWidth = String(steps).length;
  // Untimed, around every round: what a variant keeps alive across its rounds (a warmed thread pool).
  for (const definition of definitions) await definition.setUp?.();
  try {
    for (let round = 0; round < plan.rounds; round++) {
      for (const [i, definition] of definitions.entries()) {
        // Each round starts from a collected heap: otherwise the garbage a variant leaves (a full trace, the
        // checker's histories) is collected inside whichever variant runs next (docs/decisions/benchmarks.md).
        collectGarbage();
        const roundSamples = await measureRound(definition, round, plan);
        const discarded = round < plan.discardedRounds;
        if (!discarded) samplesMs[i]!.push(...roundSamples);
        const meanMs = roundSamples.reduce((sum, x) => sum + x, 0) / roundSamples.length;
        const rate = definition.unitsPerIteration / (meanMs / 1_000);
        const step = String(round * definitions.length + i + 1).padStart(stepWidth);
        options.onProgress(
          `[${step}/${steps}] round ${round + 1}/${plan.rounds} · ${definition.benchmark}: ${definition.variant} · ` +
            `${Math.round(rate).toLocaleString('en-US')} ${definition.unit.replaceAll('_', ' ')}${discarded ? ' (warm-up, discarded)' : ''}`,
        );
      }
    }
  } finally {
    for (const definition of definitions) await definition.tearDown?.();
  }
  const measurements = definitions.map((definition, i) => summarize(definition, samplesMs[i]!));
  const rows = reportRows(measurements);
  const hasRoundTrips = definitions.some((d) => d.benchmark === 'round trips' && d.variant === roundTripTarget.variant);
  return { rows, table: reportTable(rows), verdict: hasRoundTrips ? targetVerdict(measurements) : undefined, plan };
}

export function harnessCsv(rows: readonly ReportRow[]): string {
  return reportCsv(rows);
}
