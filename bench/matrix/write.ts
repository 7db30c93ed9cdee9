import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { matrixCsv, summaryCsv } from './csv.js';
import type { MatrixResult } from './runner.js';

export const matrixFileName = 'scenarios.csv';
export const summaryFileName = 'scenario-summary.csv';

/** Writes both CSV files into `reportsDir` and returns their paths. */
export async function writeMatrixReports(result: MatrixResult, reportsDir: string): Promise<{ readonly matrixPath: string; readonly summaryPath: string }> {
  await mkdir(reportsDir, { recursive: true });
  const matrixPath = join(reportsDir, matrixFileName);
  const summaryPath = join(reportsDir, summaryFileName);
  await writeFile(matrixPath, matrixCsv(result.rows));
  await writeFile(summaryPath, summaryCsv(result.summaries));
  return { matrixPath, summaryPath };
}
