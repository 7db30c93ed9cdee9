import { Bench } from 'tinybench';
import type { BenchmarkDefinition } from './definition.js';

/**
 * Variants are measured in interleaved rounds (every variant once per round) rather than one after the
 * other. On a shared two-core machine the speed of allocation-heavy code drifts by tens of percent over
 * seconds; interleaving lets a harness variant and its reference see the same drift, so their ratio holds
 * still even when the absolute rates do not.
 *
 * Budget of the full plan: a variant costs about first warm-up 0.5 s + 4 rounds × (0.15 s warm-up + 0.6 s)
 * ≈ 3.5 s, or more when 8 iterations take longer than 0.6 s; the quick plan about a fifth of that.
 */
export interface MeasurementPlan {
  readonly rounds: number;
  readonly timePerRoundMs: number;
  /** At least this many iterations per round, however slow one is. */
  readonly minIterationsPerRound: number;
  readonly firstWarmupMs: number;
  /** Before every later round too: the variants in between have taught the JIT other habits. */
  readonly warmupPerRoundMs: number;
  /**
   * The first rounds measured and thrown away: a warm-up of every variant. The full plan's warm-up time is
   * enough; the quick plan's is not, and its rows were mostly JIT warm-up (the warm graph path read 2.4× where
   * the full plan read 7.5×).
   */
  readonly discardedRounds: number;
}

export const measurementPlan: MeasurementPlan = {
  rounds: 4,
  timePerRoundMs: 600,
  minIterationsPerRound: 8,
  firstWarmupMs: 500,
  warmupPerRoundMs: 150,
  discardedRounds: 0,
};

/**
 * `--quick`: every variant still measured in interleaved rounds and beside its reference, with wider margins;
 * of its three rounds the first is a warm-up, discarded.
 */
export const quickMeasurementPlan: MeasurementPlan = {
  rounds: 3,
  timePerRoundMs: 150,
  minIterationsPerRound: 3,
  firstWarmupMs: 100,
  warmupPerRoundMs: 30,
  discardedRounds: 1,
};

/** One round of one variant: the wall time of each iteration, in milliseconds. */
export async function measureRound(definition: BenchmarkDefinition, round: number, plan: MeasurementPlan = measurementPlan): Promise<number[]> {
  const bench = new Bench({
    time: plan.timePerRoundMs,
    iterations: Math.min(plan.minIterationsPerRound, definition.minIterationsPerRound ?? Number.POSITIVE_INFINITY),
    warmup: definition.warmUp ?? true,
    warmupTime: round === 0 ? plan.firstWarmupMs : plan.warmupPerRoundMs,
    // A slow variant's one warm-up iteration is already longer than the warm-up time.
    warmupIterations: definition.minIterationsPerRound === undefined ? 2 : 1,
    retainSamples: true,
    throws: true,
  });
  bench.add(`${definition.benchmark}: ${definition.variant}`, definition.run);
  const [task] = await bench.run();
  const result = task?.result;
  if (result?.state !== 'completed') {
    const why = result?.state === 'errored' ? result.error.message : `ended as ${result?.state ?? 'nothing'}`;
    throw new Error(`${definition.benchmark}: ${definition.variant}: ${why}`);
  }
  const samples = result.latency.samples;
  if (samples === undefined) throw new Error('tinybench kept no samples; retainSamples is needed');
  return [...samples];
}

export interface Measurement {
  readonly definition: BenchmarkDefinition;
  /** Units of work (events, round trips) per wall-clock second, from the mean time of one iteration. */
  readonly opsPerSecond: number;
  readonly meanMsPerIteration: number;
  /** Relative margin of error of the mean at 95 %, in percent. */
  readonly rmePercent: number;
  readonly samples: number;
}

/**
 * Student's t at 95 % (two-sided) for `df` degrees of freedom: slow variants and the quick plan have only a
 * handful of samples, where the normal 1.96 would understate the margin by up to a factor of six.
 */
const tTable95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131];

export function studentT95(df: number): number {
  return tTable95[df - 1] ?? 1.96 + 2.4 / df; // within 0.5 % of the exact quantile from 16 degrees of freedom on
}

/**
 * Statistics over the samples of all rounds together, which tinybench cannot do since each round is its own
 * Bench.
 */
export function summarize(definition: BenchmarkDefinition, samplesMs: readonly number[]): Measurement {
  const n = samplesMs.length;
  if (n < 2) throw new Error(`${definition.variant}: ${n} sample(s) cannot give a margin of error`);
  const mean = samplesMs.reduce((sum, x) => sum + x, 0) / n;
  const variance = samplesMs.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1);
  const sem = Math.sqrt(variance / n);
  return {
    definition,
    opsPerSecond: definition.unitsPerIteration / (mean / 1_000),
    meanMsPerIteration: mean,
    rmePercent: ((studentT95(n - 1) * sem) / mean) * 100,
    samples: n,
  };
}
