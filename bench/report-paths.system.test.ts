import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { committedReportsDir, filteredReportsDir, localReportFiles, localReportsDir, wallClockCharts } from './report-paths.js';

const projectDir = fileURLToPath(new URL('../', import.meta.url));

/** Whether .gitignore's patterns cover the path, tracked or not (`--no-index`: the patterns alone decide). */
function ignored(path: string): boolean {
  const result = spawnSync('git', ['check-ignore', '--no-index', '-q', relative(projectDir, path)], { cwd: projectDir });
  if (result.status !== 0 && result.status !== 1) throw new Error(`git check-ignore failed: ${result.stderr.toString()}`);
  return result.status === 0;
}

/**
 * A routine `npm run bench` (or `--quick`, or `--filter`) must leave `git status` clean: whatever depends on
 * the machine goes where .gitignore covers it, and what is committed is the virtual clock's.
 */
describe("bench's output paths", () => {
  it('put every machine-dependent file, and every filtered run, where git ignores it', () => {
    const machineFiles = [...localReportFiles, ...wallClockCharts].map((file) => join(localReportsDir, file));
    const quickSweep = ['sweep.csv', 'latency-distribution.csv', 'counterexamples/sweep/latency-mix-seed-1.json'].map((file) => join(localReportsDir, file));
    const testCounterexample = join(committedReportsDir, 'counterexamples/exactly-once-seed-1.json');
    for (const path of [...machineFiles, ...quickSweep, testCounterexample, join(filteredReportsDir, 'scenarios.csv'), join(projectDir, 'reports/mutation/filtered/mutation.csv')]) {
      expect(ignored(path), relative(projectDir, path)).toBe(true);
    }
  });

  it('keep the virtual-clock reports (the sweep\'s counterexamples too), the mutation score and the load snapshot committed', () => {
    for (const file of ['README.md', 'scenarios.csv', 'scenario-summary.csv', 'charts/latency.svg', 'mutation.csv', 'mutation.md', 'sweep.csv', 'latency-distribution.csv', 'charts/latency-cdf.svg', 'counterexamples/sweep/notes-lossy-mixed-seed-19.json', 'load.csv']) {
      expect(ignored(join(committedReportsDir, file)), file).toBe(false);
    }
  });
});
