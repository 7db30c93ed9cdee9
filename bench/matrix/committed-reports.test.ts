import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matrixCsv, summaryCsv } from './csv.js';
import { runScenarioMatrix } from './runner.js';
import { matrixFileName, summaryFileName } from './write.js';

const reportsDir = fileURLToPath(new URL('../../reports/', import.meta.url));

/**
 * The committed reports are the output of the committed code: the matrix runs on the virtual clock, so its
 * files must match byte for byte. A change that moves a latency or a byte count fails here until
 * `npm run bench` is run and its reports committed with the change.
 */
describe('the committed reports/', () => {
  it('hold exactly the scenario matrix the code produces (run `npm run bench` after a change that moves it)', async () => {
    const result = await runScenarioMatrix({ quick: false, filter: undefined });
    expect(await readFile(`${reportsDir}${matrixFileName}`, 'utf8')).toBe(matrixCsv(result.rows));
    expect(await readFile(`${reportsDir}${summaryFileName}`, 'utf8')).toBe(summaryCsv(result.summaries));
  });
});
