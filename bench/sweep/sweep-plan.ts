import { asWritten, parseFaultMix } from '../../properties/sweep/fault-mix.js';
import type { SeedRange } from '../../properties/sweep/seed-range.js';
import type { SweepJob } from '../../properties/sweep/sweep-job.js';

/** One job of the bench's sweep and the seeds it runs, whole and under `--quick`. */
export interface PlannedSweep {
  readonly job: SweepJob;
  readonly seeds: SeedRange;
  readonly quickSeeds: SeedRange;
}

/** The loss levels the latency chart compares, each on both directions of the WAN, in the order drawn. */
export const lossMixes = ['none', 'loss=1%', 'loss=5%', 'loss=10%'] as const;

/**
 * 500 seeds per loss level: enough that the 10 % line's third re-send (about one exchange in 200) shows in
 * p99.9, and the four mixes still take about 8 s on one core. Each mix replaces the scenario's own WAN faults.
 */
const latencySeeds: SeedRange = { first: 1, last: 500 };

/** 200 seeds of notes-lossy-mixed: a handful fail (the safe client's late re-sends), so the report shows shrunk counterexamples. */
const lossyMixedSeeds: SeedRange = { first: 1, last: 200 };

/** `--quick` runs a fifth: the shape of every file, rougher tails, and not into the committed folder. */
const quickOf = (seeds: SeedRange): SeedRange => ({ first: seeds.first, last: seeds.first + Math.ceil((seeds.last - seeds.first + 1) / 5) - 1 });

/** The bench's seed sweep: `reports/sweep.csv` lists it job by job, in this order. */
export const benchSweepPlan: readonly PlannedSweep[] = [
  ...lossMixes.map((mix): PlannedSweep => ({ job: { kind: 'scenario', name: 'latency-mix', faults: parseFaultMix(mix) }, seeds: latencySeeds, quickSeeds: quickOf(latencySeeds) })),
  { job: { kind: 'scenario', name: 'notes-lossy-mixed', faults: asWritten }, seeds: lossyMixedSeeds, quickSeeds: quickOf(lossyMixedSeeds) },
];

/** What `--filter` is matched against: `sweep/latency-mix/loss=5%`, `sweep/notes-lossy-mixed/as-written`. */
export function sweepLabel(job: SweepJob): string {
  if (job.kind !== 'scenario') throw new Error('the bench sweeps built-in scenarios only');
  return `sweep/${job.name}/${job.faults.label}`;
}

/** The jobs these options select, in the plan's order. */
export function selectedSweeps(options: { readonly filter: RegExp | undefined }, plan: readonly PlannedSweep[] = benchSweepPlan): PlannedSweep[] {
  return plan.filter((p) => options.filter === undefined || sweepLabel(p.job).search(options.filter) >= 0);
}
