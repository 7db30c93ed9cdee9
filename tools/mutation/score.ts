import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AreaScore, tally } from './tally.js';
import { judge } from './equivalence.js';
import { equivalentMutants } from './equivalent-mutants.js';
import { scoreCsv, scoreMarkdown } from './score-files.js';
import { readRunRecord } from './run-record.js';
import { parseStrykerReport } from './stryker-report.js';

/** Where stryker.config.json has the JSON reporter write, relative to the project root. */
export const strykerReportFile = 'reports/mutation/mutation.json';

/** Beside it: the command and wall-clock time of the run that wrote it. */
export const runRecordFile = 'reports/mutation/run.json';

/** Every area is held to this share of detected mutants; one below it fails `npm run mutation`. */
export const targetScorePct = 95;

export interface ScoreOutcome {
  readonly rows: readonly AreaScore[];
  readonly problems: readonly string[];
  readonly belowTarget: readonly string[];
  readonly written: readonly string[];
}

/**
 * Reads Stryker's JSON report, applies the equivalence judgments, and writes `mutation.csv` and
 * `mutation.md` into `outDir`.
 */
export async function scoreRun(options: { readonly reportPath: string; readonly runRecordPath: string; readonly outDir: string }): Promise<ScoreOutcome> {
  const report = parseStrykerReport(JSON.parse(await readFile(options.reportPath, 'utf8')));
  const { equivalent, problems } = judge(report.mutants, equivalentMutants);
  const rows = tally(report.mutants, equivalent);
  await mkdir(options.outDir, { recursive: true });
  const csvPath = join(options.outDir, 'mutation.csv');
  const mdPath = join(options.outDir, 'mutation.md');
  await writeFile(csvPath, scoreCsv(rows));
  await writeFile(mdPath, scoreMarkdown({ rows, report, equivalent, problems, run: await readRunRecord(options.runRecordPath), targetPct: targetScorePct }));
  const belowTarget = rows.filter((r) => r.area !== 'total' && (r.score_pct ?? 0) < targetScorePct).map((r) => r.area);
  return { rows, problems, belowTarget, written: [csvPath, mdPath] };
}
