import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { areaOf, mutatePatterns } from './areas.js';
import { type EquivalentJudgment, judge } from './equivalence.js';
import { writeRunRecord } from './run-record.js';
import { scoreRun } from './score.js';
import { scoreColumns, scoreCsv, scoreMarkdown } from './score-files.js';
import { type Mutant, parseStrykerReport, sourceText } from './stryker-report.js';
import { tally } from './tally.js';

const policySource = 'export function allowed(a: number): boolean {\n  return a > 1 && a < 5;\n}\n';
const cacheSource = 'export const ttl = 60;\n';

type Status = Mutant['status'];
const at = (line: number, column: number) => ({ line, column });

/** A Stryker JSON report (schema 1.x) with the given mutants in two files of two areas. */
function strykerJson(policy: readonly Status[], cache: readonly Status[] = []) {
  const mutant = (id: string, status: Status) => ({
    id,
    mutatorName: 'EqualityOperator',
    replacement: 'a >= 1',
    location: { start: at(2, 10), end: at(2, 15) },
    status,
  });
  return {
    schemaVersion: '1.0',
    thresholds: { high: 90, low: 85 },
    framework: { name: 'StrykerJS', version: '9.6.1' },
    files: {
      'src/policy/allowed.ts': { language: 'typescript', source: policySource, mutants: policy.map((s, i) => mutant(`p${i}`, s)) },
      'src/cache/ttl.ts': {
        language: 'typescript',
        source: cacheSource,
        mutants: cache.map((s, i) => ({ id: `c${i}`, mutatorName: 'ArithmeticOperator', location: { start: at(1, 20), end: at(1, 22) }, status: s })),
      },
    },
  };
}

const equivalentGe: EquivalentJudgment = {
  file: 'src/policy/allowed.ts',
  mutator: 'EqualityOperator',
  original: 'a > 1',
  replacement: 'a >= 1',
  why: 'a is never 1 here',
};

describe('reading a Stryker report', () => {
  it('locates each mutant by its 1-based, end-exclusive positions, across lines too', () => {
    const report = parseStrykerReport(strykerJson(['Killed'], ['Survived']));
    expect(report.strykerVersion).toBe('9.6.1');
    expect(report.mutants).toEqual([
      { id: 'p0', file: 'src/policy/allowed.ts', line: 2, lineText: '  return a > 1 && a < 5;', mutator: 'EqualityOperator', original: 'a > 1', replacement: 'a >= 1', status: 'Killed', static: false },
      { id: 'c0', file: 'src/cache/ttl.ts', line: 1, lineText: 'export const ttl = 60;', mutator: 'ArithmeticOperator', original: '60', replacement: '', status: 'Survived', static: false },
    ]);
    expect(sourceText(policySource, at(1, 37), at(2, 9))).toBe('boolean {\n  return');
  });

  it('refuses a document that is not a 1.x report, naming what is wrong', () => {
    expect(() => parseStrykerReport({ schemaVersion: '2.0', files: {} })).toThrow(/schemaVersion/);
    const bad = strykerJson(['Killed']);
    (bad.files['src/policy/allowed.ts'].mutants[0] as { status: string }).status = 'Squashed';
    expect(() => parseStrykerReport(bad)).toThrow(/status/);
  });
});

describe('the areas', () => {
  it('place each file in the one area that claims it, folders by prefix and single files exactly', () => {
    expect(areaOf('src/policy/policy.ts')).toBe('policy');
    expect(areaOf('src/graph/limits/depth.ts')).toBe('graph-limits');
    expect(areaOf('src/graph/cost-budget.ts')).toBe('graph-limits');
    expect(areaOf('src/http/idempotency-key.ts')).toBe('idempotency');
    expect(areaOf('src/http/message.ts')).toBe('other');
    expect(areaOf('src/graph/limits-extra.ts')).toBe('other');
  });

  it('give Stryker globs for the chosen areas, never the tests or their fixtures', () => {
    expect(mutatePatterns(['cache', 'idempotency'])).toEqual([
      'src/cache/**/*.ts', 'src/idempotency/**/*.ts', 'src/http/idempotency-key.ts',
      '!src/**/*.test.ts', '!src/testing-kit.ts',
    ]);
    expect(mutatePatterns('all')[0]).toBe('src/**/*.ts');
  });
});

describe('judging survivors equivalent', () => {
  it('counts a judgment only for survivors; a killed, uncovered or vanished mutant makes it a problem', () => {
    const mutants = parseStrykerReport(strykerJson(['Survived', 'Killed', 'NoCoverage'])).mutants;
    const verdicts = judge(mutants, [equivalentGe]);
    expect(verdicts.equivalent.map((j) => [j.mutant.id, j.why])).toEqual([['p0', 'a is never 1 here']]);
    expect(verdicts.problems).toHaveLength(2);
    expect(verdicts.problems[0]).toMatch(/killed by a test, so it is not equivalent/);
    expect(verdicts.problems[1]).toMatch(/no test reaches it/);

    const gone = judge(mutants, [{ ...equivalentGe, original: 'a > 2' }]);
    expect(gone.equivalent).toEqual([]);
    expect(gone.problems).toEqual([expect.stringMatching(/no such mutant any more/)]);
  });

  it('tells apart the same change on two lines by text of the judged one\'s line', () => {
    const source = 'const found = [];\nconst none = [];\n';
    const emptied = (id: string, line: number, column: number, status: Status) => ({
      id, mutatorName: 'ArrayDeclaration', replacement: '["Stryker was here"]', location: { start: at(line, column), end: at(line, column + 2) }, status,
    });
    const mutants = parseStrykerReport({
      schemaVersion: '1.0', files: { 'src/cache/x.ts': { source, mutants: [emptied('a', 1, 15, 'Killed'), emptied('b', 2, 14, 'Survived')] } },
    }).mutants;
    expect(mutants.map((m) => m.original)).toEqual(['[]', '[]']);
    const judgment: EquivalentJudgment = { file: 'src/cache/x.ts', mutator: 'ArrayDeclaration', original: '[]', replacement: '["Stryker was here"]', why: 'none is never read' };
    expect(judge(mutants, [judgment]).problems).toEqual([expect.stringMatching(/line 1\): killed by a test/)]);
    expect(judge(mutants, [{ ...judgment, onLine: 'const none' }])).toEqual({ equivalent: [{ mutant: mutants[1], why: 'none is never read' }], problems: [] });
    expect(judge(mutants, [{ ...judgment, onLine: 'const other' }]).problems).toEqual([expect.stringMatching(/on `const other`: no such mutant any more/)]);
  });

  it('leaves alone judgments of files this run did not mutate (a run of one area)', () => {
    const mutants = parseStrykerReport(strykerJson([], ['Killed'])).mutants;
    expect(judge(mutants, [equivalentGe])).toEqual({ equivalent: [], problems: [] });
  });
});

describe('the score', () => {
  const statuses: Status[] = ['Killed', 'Killed', 'Timeout', 'Survived', 'Survived', 'NoCoverage', 'CompileError', 'Ignored'];
  const report = parseStrykerReport(strykerJson(statuses, ['Killed']));
  const verdicts = judge(report.mutants, [equivalentGe]);
  const rows = tally(report.mutants, verdicts.equivalent);

  it("is Stryker's (detected over detected, survived and uncovered), with errors and ignored counted nowhere", () => {
    const policy = rows[0]!;
    expect(policy).toMatchObject({ area: 'policy', mutants: 8, detected: 3, survived: 2, no_coverage: 1, errors: 1, ignored: 1, equivalent_judged: 2 });
    expect(policy.score_pct).toBeCloseTo(50); // 3 of 6
    expect(policy.covered_score_pct).toBeCloseTo(60); // 3 of 5
    expect(policy.score_without_equivalent_pct).toBeCloseTo(75); // 3 of 4
  });

  it('has a row per area with mutants, in the areas order, and the total last', () => {
    expect(rows.map((r) => r.area)).toEqual(['policy', 'cache', 'total']);
    expect(rows[1]!.score_pct).toBe(100);
    expect(rows[2]).toMatchObject({ mutants: 9, detected: 4 });
    expect(rows[2]!.score_pct).toBeCloseTo((4 / 7) * 100);
    expect(tally([], [])).toEqual([expect.objectContaining({ area: 'total', mutants: 0, score_pct: null })]);
  });

  it('writes the CSV with integer counts, two-decimal percentages and an empty cell for nothing to divide', () => {
    const csv = scoreCsv(rows).split('\n');
    expect(csv[0]).toBe('area,mutants,detected,survived,no_coverage,errors,ignored,equivalent_judged,score_pct,covered_score_pct,score_without_equivalent_pct');
    expect(csv[1]).toBe('policy,8,3,2,1,1,1,2,50.00,60.00,75.00');
    expect(scoreCsv(tally([], [])).split('\n')[1]).toBe('total,0,0,0,0,0,0,0,,,');
  });

  it('writes the Markdown with the areas below target, the judged survivors and why, and what is left open', () => {
    const md = scoreMarkdown({ rows, report, ...verdicts, run: { command: 'npm run mutation', strykerMs: 90_000 }, targetPct: 85 });
    expect(md).toContain('StrykerJS 9.6.1');
    expect(md).toContain('(`npm run mutation`)');
    expect(md).not.toContain('1.5 min'); // the run's wall-clock time depends on the machine
    expect(md).toContain('Below the target of 85% (`score %`): policy.');
    expect(md).toContain('## Survivors judged equivalent (2)');
    expect(md).toContain('a is never 1 here');
    expect(md).toContain('## Survivors not judged equivalent (0)');
    expect(md).toContain('## No coverage (1)');
    expect(md).toContain('## Judgments that no longer hold');
  });
});

describe('scoreRun', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('reads the report and the run record and writes mutation.csv and mutation.md, naming the areas below target', async () => {
    dir = await mkdtemp(join(tmpdir(), 'apisim-mutation-'));
    const reportPath = join(dir, 'mutation.json');
    const runRecordPath = join(dir, 'run.json');
    await writeFile(reportPath, JSON.stringify(strykerJson(['Killed', 'Survived'], ['Killed'])));
    await writeRunRecord(runRecordPath, { command: 'npm run mutation -- --area policy', strykerMs: 60_000 });
    const outcome = await scoreRun({ reportPath, runRecordPath, outDir: join(dir, 'out') });
    expect(outcome.belowTarget).toEqual(['policy']);
    expect(outcome.written.map((p) => p.slice(dir!.length))).toEqual(['/out/mutation.csv', '/out/mutation.md']);
    expect(await readFile(join(dir, 'out', 'mutation.csv'), 'utf8')).toContain('cache,1,1,0,0,0,0,0,100.00,100.00,100.00');
    expect(await readFile(join(dir, 'out', 'mutation.md'), 'utf8')).toContain('(`npm run mutation -- --area policy`)');
  });

  it('holds every area to 95%: one at 94.44% is below the target, one at exactly 95% is not', async () => {
    dir = await mkdtemp(join(tmpdir(), 'apisim-mutation-'));
    const reportPath = join(dir, 'mutation.json');
    const runRecordPath = join(dir, 'run.json');
    const killed = (n: number): Status[] => Array.from({ length: n }, () => 'Killed');
    await writeFile(reportPath, JSON.stringify(strykerJson([...killed(17), 'Survived'], [...killed(19), 'NoCoverage'])));
    await writeRunRecord(runRecordPath, { command: 'npm run mutation', strykerMs: 60_000 });
    const outcome = await scoreRun({ reportPath, runRecordPath, outDir: join(dir, 'out') });
    expect(outcome.rows.map((r) => r.score_pct?.toFixed(2))).toEqual(['94.44', '95.00', '94.74']);
    expect(outcome.belowTarget).toEqual(['policy']);
    expect(await readFile(join(dir, 'out', 'mutation.md'), 'utf8')).toContain('Below the target of 95% (`score %`): policy.');
  });
});

describe('the committed mutation report', () => {
  it('has the columns the scorer writes: detected, never a killed/timed-out split that depends on the machine', async () => {
    const committed = await readFile(new URL('../../reports/mutation.csv', import.meta.url), 'utf8');
    expect(committed.split('\n')[0]).toBe(scoreColumns.join(','));
    const md = await readFile(new URL('../../reports/mutation.md', import.meta.url), 'utf8');
    expect(md).not.toMatch(/\d min\b/);
    expect(md).not.toMatch(/\| timeout \|/);
  });
});
