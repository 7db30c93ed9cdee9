import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { latencyCsv } from '../../properties/sweep/latency-csv.js';
import { latencyFileName } from '../../properties/sweep/merge.js';
import { sweepCsv } from '../../properties/sweep/sweep-csv.js';
import { inProcessRunner } from '../../properties/sweep/worker-pool.js';
import { sweepSection } from '../readme/sweep-section.js';
import { committedReportsDir } from '../report-paths.js';
import { counterexampleFolderIn, runBenchSweep } from './runner.js';
import { benchSweepPlan, type PlannedSweep } from './sweep-plan.js';
import { readSweepReports, sweepFileName } from './write.js';

const committed = await readSweepReports(committedReportsDir);
if (committed === undefined) throw new Error('reports/sweep.csv is missing: run `npm run bench` and commit what it writes');
const key = (o: { readonly target: string; readonly faults: string; readonly seed: number }) => `${o.target} ${o.faults} ${o.seed}`;

/**
 * The committed sweep is virtual time, so it is the output of the committed code, byte for byte. The whole
 * sweep takes seconds, so the test reruns a part of it (the first seeds of every job, and the first failing
 * seed) and checks the rest for what the part cannot show: that the files cover the plan, agree with each
 * other, and that the README's section is drawn from them. Run `npm run bench` after a change that moves it.
 */
describe('the committed seed sweep in reports/', () => {
  it('holds the seeds the code produces: the first 20 of every job, and the first failing seed with its shrunk file', async () => {
    const firstFailing = committed.outcomes.find((o) => o.verdict !== 'pass');
    const part: PlannedSweep[] = benchSweepPlan.map((p) => ({ ...p, seeds: { first: p.seeds.first, last: p.seeds.first + 19 } }));
    const failingJob = benchSweepPlan.find((p) => firstFailing !== undefined && p.job.kind === 'scenario' && p.job.name === firstFailing.target && p.job.faults.label === firstFailing.faults);
    if (firstFailing !== undefined && failingJob !== undefined && firstFailing.seed > failingJob.seeds.first + 19) {
      part.push({ ...failingJob, seeds: { first: firstFailing.seed, last: firstFailing.seed } });
    }
    // Laid out as the repo is, so that the paths in the CSV and the replay commands come out the same.
    const scratch = await mkdtemp(join(tmpdir(), 'bench-sweep-'));
    const reportsDir = join(scratch, 'reports');
    const result = await runBenchSweep({ quick: false, filter: undefined, reportsDir, pathsFrom: scratch, runner: inProcessRunner }, part);
    const ran = new Set(result.outcomes.map(key));
    expect(sweepCsv(result.outcomes)).toBe(sweepCsv(committed.outcomes.filter((o) => ran.has(key(o)))));
    const written = await readdir(counterexampleFolderIn(reportsDir));
    expect(written.length).toBe(result.outcomes.filter((o) => o.verdict !== 'pass').length);
    for (const file of written) {
      expect(await readFile(join(counterexampleFolderIn(reportsDir), file), 'utf8'), file).toBe(await readFile(join(counterexampleFolderIn(committedReportsDir), file), 'utf8'));
    }
  });

  it('covers exactly the plan: every job, every seed, in order', () => {
    const planned = benchSweepPlan.flatMap((p) =>
      Array.from({ length: p.seeds.last - p.seeds.first + 1 }, (_, i) => (p.job.kind === 'scenario' ? `${p.job.name} ${p.job.faults.label} ${p.seeds.first + i}` : '')),
    );
    expect(committed.outcomes.map(key)).toEqual(planned);
  });

  it('names every shrunk file it keeps, and keeps no other', async () => {
    const named = committed.outcomes.filter((o) => o.counterexample !== '').map((o) => basename(o.counterexample)).sort();
    expect((await readdir(counterexampleFolderIn(committedReportsDir))).sort()).toEqual(named);
    for (const o of committed.outcomes.filter((x) => x.verdict !== 'pass')) expect(o.replay).toBe(`npm run sim -- --file ${o.counterexample} --seed ${o.seed}`);
  });

  it('has latency histograms that agree with their own columns and with sweep.csv\'s exchanges', async () => {
    expect(latencyCsv(committed.latencies)).toBe(await readFile(join(committedReportsDir, latencyFileName), 'utf8'));
    const jobs = new Set(committed.outcomes.map((o) => `${o.target} ${o.faults}`));
    for (const job of jobs) {
      const seeds = committed.outcomes.filter((o) => `${o.target} ${o.faults}` === job);
      const rows = committed.latencies.filter((r) => `${r.target} ${r.faults}` === job);
      expect(rows.reduce((n, r) => n + r.noResponse, 0), job).toBe(seeds.reduce((n, o) => n + o.noResponse, 0));
      expect(rows.reduce((n, r) => n + r.histogram.count, 0), job).toBe(seeds.reduce((n, o) => n + o.exchanges - o.noResponse, 0));
    }
  });

  it('is what the committed README\'s "Seed sweep" section says', async () => {
    const readme = await readFile(join(committedReportsDir, 'README.md'), 'utf8');
    expect(readme).toContain('\n## Seed sweep\n\n');
    const section = readme.slice(readme.indexOf('## Seed sweep\n\n') + '## Seed sweep\n\n'.length, readme.indexOf('\n\n## Charts'));
    expect(section).toBe(sweepSection(committed));
    expect(await readFile(join(committedReportsDir, sweepFileName), 'utf8')).toBe(sweepCsv(committed.outcomes));
  });
});
