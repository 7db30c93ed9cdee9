import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { latencyCsv, readLatencyCsv } from '../../properties/sweep/latency-csv.js';
import { latencyFileName } from '../../properties/sweep/merge.js';
import type { SeedOutcome } from '../../properties/sweep/seed-outcome.js';
import { readSweepCsv, sweepCsv } from '../../properties/sweep/sweep-csv.js';
import type { LatencyRow } from '../../properties/sweep/sweep.js';
import { counterexampleFolderIn } from './runner.js';

export const sweepFileName = 'sweep.csv';

/** Writes `sweep.csv` and `latency-distribution.csv` into `reportsDir`, as `npm run sweep --out` would, and returns their paths. */
export async function writeSweepReports(result: { readonly outcomes: readonly SeedOutcome[]; readonly latencies: readonly LatencyRow[] }, reportsDir: string): Promise<string[]> {
  await mkdir(reportsDir, { recursive: true });
  const sweepPath = join(reportsDir, sweepFileName);
  const latencyPath = join(reportsDir, latencyFileName);
  await writeFile(sweepPath, sweepCsv(result.outcomes));
  await writeFile(latencyPath, latencyCsv(result.latencies));
  return [sweepPath, latencyPath];
}

/** What the README and the latency chart are drawn from: the sweep's files as written, read back. */
export interface SweepFiles {
  readonly outcomes: readonly SeedOutcome[];
  readonly latencies: readonly LatencyRow[];
  /** Each counterexample file in `counterexamples/sweep/` by name, and how many steps it was shrunk to. */
  readonly counterexampleSteps: ReadonlyMap<string, number>;
}

/**
 * The committed sweep, read back from `reportsDir`; undefined if it was never written. The README is drawn
 * from the files rather than from the run, so that `--quick` (which sweeps fewer seeds into reports/local/)
 * renders the committed page from the committed sweep, the same bytes as a whole run.
 */
export async function readSweepReports(reportsDir: string): Promise<SweepFiles | undefined> {
  let sweepText: string;
  let latencyText: string;
  try {
    sweepText = await readFile(join(reportsDir, sweepFileName), 'utf8');
    latencyText = await readFile(join(reportsDir, latencyFileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const folder = counterexampleFolderIn(reportsDir);
  const files = await readdir(folder).catch(() => [] as string[]);
  const counterexampleSteps = new Map<string, number>();
  for (const file of files.filter((f) => f.endsWith('.json')).sort()) {
    const scenario = JSON.parse(await readFile(join(folder, file), 'utf8')) as { readonly steps?: readonly unknown[] };
    counterexampleSteps.set(file, scenario.steps?.length ?? 0);
  }
  return { outcomes: readSweepCsv(sweepText, sweepFileName), latencies: readLatencyCsv(latencyText, latencyFileName), counterexampleSteps };
}
