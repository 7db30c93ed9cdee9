import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failed, type SeedOutcome } from '../../properties/sweep/seed-outcome.js';
import { rangeText, type SeedRange, seedCount } from '../../properties/sweep/seed-range.js';
import { type LatencyRow, runSweep } from '../../properties/sweep/sweep.js';
import { cpuProbe, poolSizeHere } from '../../properties/sweep/pool-size.js';
import { type BatchRunner, threadRunner } from '../../properties/sweep/worker-pool.js';
import { type PlannedSweep, benchSweepPlan, selectedSweeps, sweepLabel } from './sweep-plan.js';

/** The repo root: the CSV names counterexamples from here, so it reads the same from any working directory. */
export const projectDir = fileURLToPath(new URL('../../', import.meta.url));

export interface BenchSweepOptions {
  /** Each job's `quickSeeds` instead of its `seeds`. */
  readonly quick: boolean;
  /** Matched against `sweep/<scenario>/<faults>` (`sweep-plan.ts`). */
  readonly filter: RegExp | undefined;
  /** The reports folder the CSV files go to; the counterexamples go to its `counterexamples/sweep/`. */
  readonly reportsDir: string;
  /** Where a counterexample's path is shown from (default the repo root). */
  readonly pathsFrom?: string;
  /** Default: worker threads, one per core. The output is the same on any runner; only the wall time differs. */
  readonly runner?: () => BatchRunner;
  readonly onProgress?: (line: string) => void;
}

export interface BenchSweepResult {
  /** Job by job in the plan's order, seed by seed: `sweep.csv`. */
  readonly outcomes: readonly SeedOutcome[];
  /** `latency-distribution.csv`. */
  readonly latencies: readonly LatencyRow[];
  readonly workers: number;
}

export const counterexampleFolderIn = (reportsDir: string): string => join(reportsDir, 'counterexamples', 'sweep');

/**
 * Runs the selected jobs of the plan. `runSweep` takes one seed range for all its jobs, so jobs are run in
 * groups of neighbours with the same range; the groups' reports are joined in the plan's order. The
 * counterexample folder is emptied first: a seed that no longer fails must not leave its old file behind.
 */
export async function runBenchSweep(options: BenchSweepOptions, plan: readonly PlannedSweep[] = benchSweepPlan): Promise<BenchSweepResult> {
  const selected = selectedSweeps(options, plan);
  if (selected.length === 0) return { outcomes: [], latencies: [], workers: 0 };
  const workers = options.runner === undefined ? (await poolSizeHere(undefined, selected.reduce((n, s) => n + seedCount(options.quick ? s.quickSeeds : s.seeds), 0), cpuProbe())).workers : 1;
  const runner = options.runner?.() ?? threadRunner(workers, selected.map((s) => s.job));
  const counterexampleFolder = counterexampleFolderIn(options.reportsDir);
  await rm(counterexampleFolder, { recursive: true, force: true });
  const outcomes: SeedOutcome[] = [];
  const latencies: LatencyRow[] = [];
  try {
    for (const { seeds, jobs } of groupsOf(selected, options.quick)) {
      const report = await runSweep({
        jobs, seeds, runner, parallelism: workers * 2, untilFirstFailure: false, timeBudgetMs: undefined,
        settings: { counterexampleFolder, simCommand: 'npm run sim --', pathsFrom: options.pathsFrom ?? projectDir },
      });
      outcomes.push(...report.outcomes);
      latencies.push(...report.latencies);
      const failing = report.outcomes.filter(failed).length;
      options.onProgress?.(`${jobs.map(sweepLabel).join(', ')}: seeds ${rangeText(seeds)}, ${failing} failing`);
    }
  } finally {
    await runner.close();
  }
  return { outcomes, latencies, workers };
}

function groupsOf(selected: readonly PlannedSweep[], quick: boolean) {
  const groups: { seeds: SeedRange; jobs: PlannedSweep['job'][] }[] = [];
  for (const planned of selected) {
    const seeds = quick ? planned.quickSeeds : planned.seeds;
    const last = groups.at(-1);
    if (last !== undefined && last.seeds.first === seeds.first && last.seeds.last === seeds.last) last.jobs.push(planned.job);
    else groups.push({ seeds, jobs: [planned.job] });
  }
  return groups;
}

/** Seeds the options run, for the stage's line. */
export function plannedSeeds(options: Pick<BenchSweepOptions, 'quick' | 'filter'>, plan: readonly PlannedSweep[] = benchSweepPlan): number {
  return selectedSweeps(options, plan).reduce((n, p) => n + seedCount(options.quick ? p.quickSeeds : p.seeds), 0);
}
