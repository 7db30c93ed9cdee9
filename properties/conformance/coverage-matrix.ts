import type { Option } from '../../sim/command-line/option.js';
import type { EndpointShape } from './service-shape.js';
import type { CheckResult } from './suite-run.js';

/**
 * The operation × principle matrix, as plain data: what the principles' runs (`properties/coverage.ts`) and
 * the conformance checks (`checksCoverage`) each fill in, and what every report draws. It lives with the
 * suite, which imports nothing of the principles, so that both can use the one copy.
 */

/** What the runs (or the check) that sent a request to one operation came to. */
export type CoverageCell = { readonly outcome: 'pass' | 'fail' } | { readonly outcome: 'unrun'; readonly reason: string };

/** The operations of a description by the principles (or checks) that ran: which of them each sent a request to, and how. */
export interface CoverageMatrix {
  readonly operations: readonly string[];
  readonly principles: readonly string[];
  /** By operation (`GET /projects/{projectId}`), then by principle; a principle that never sent it has no cell. */
  readonly cells: Readonly<Record<string, Readonly<Record<string, CoverageCell>>>>;
}

/** The matrix as a report shows it: with the share required, and what falls short of it, when one was asked for. */
export interface ReportedCoverage {
  readonly matrix: CoverageMatrix;
  readonly required: number | undefined;
  /** The command's message when fewer operations than `required` were exercised. */
  readonly below: string | undefined;
}

/** `--require-coverage`, as `describe` and `conformance` both read it. */
export const requireCoverageOption = { type: 'number', range: [0, 100], example: '100', unit: 'percent' } as const satisfies Option;

/**
 * The operation a request was sent to: its method, and a path its template matches (a parameter is one
 * segment; the query is not looked at). A literal path wins over a template (`/projects/new` over
 * `/projects/{projectId}`), as OpenAPI says of matching.
 */
export function operationAt<O extends EndpointShape>(operations: readonly O[], method: string, path: string): O | undefined {
  const bare = path.split('?')[0]!;
  const matches = operations.filter((o) => o.method === method && templateRegExp(o.path).test(bare));
  return matches.find((o) => !o.path.includes('{')) ?? matches[0];
}

const templateRegExp = (template: string): RegExp => new RegExp(`^${template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}/?$`);

/**
 * The matrix of a conformance run: a check a column, each request it sent before its verdict counted for the
 * operation it matches, the cell the check's verdict (a warning passes, an error fails). A check skipped
 * for the target sends nothing and has no column.
 */
export function checksCoverage(operations: readonly EndpointShape[], results: readonly CheckResult[]): CoverageMatrix {
  const cells: Record<string, Record<string, CoverageCell>> = {};
  for (const result of results) {
    const cell: CoverageCell = result.outcome === 'pass' || result.outcome === 'warn' ? { outcome: 'pass' } : result.outcome === 'fail' || result.outcome === 'error' ? { outcome: 'fail' } : { outcome: 'unrun', reason: result.reason };
    for (const exchange of result.exchanges) {
      const operation = operationAt(operations, exchange.request.method, exchange.request.url.slice(exchange.to.replace(/\/+$/, '').length));
      if (operation !== undefined) (cells[`${operation.method} ${operation.path}`] ??= {})[result.name] = cell;
    }
  }
  // A check skipped for the target (no graph endpoint) sent nothing: a column of it would say nothing.
  const ran = results.filter((r) => r.outcome !== 'skip' || r.exchanges.length > 0);
  return { operations: operations.map((o) => `${o.method} ${o.path}`), principles: ran.map((r) => r.name), cells };
}

/** The operations nothing sent a request to. */
export const uncovered = (matrix: CoverageMatrix): string[] => matrix.operations.filter((o) => Object.keys(matrix.cells[o] ?? {}).length === 0);

/** The share of the operations something sent a request to, in percent, rounded down. */
export const coveredPercent = (matrix: CoverageMatrix): number => (matrix.operations.length === 0 ? 100 : Math.floor((100 * (matrix.operations.length - uncovered(matrix).length)) / matrix.operations.length));

/** A cell as the table writes it: `pass`, `FAIL`, `unrun`, or `-` when nothing of the column sent the operation. */
export const cellLabel = (cell: CoverageCell | undefined): string => (cell === undefined ? '-' : cell.outcome === 'fail' ? 'FAIL' : cell.outcome);

/**
 * The matrix as a table: an operation a row, a principle a column (numbered, named below the table), each
 * cell `pass`, `FAIL`, `unrun` or `-` (none sent it); then the operations nothing sent, and why each
 * principle's cells could not run.
 */
export function coverageText(matrix: CoverageMatrix, by = 'principle'): string {
  const width = Math.max(9, ...matrix.operations.map((o) => o.length));
  const head = `${'operation'.padEnd(width)}  ${matrix.principles.map((_, i) => `p${i + 1}`.padEnd(5)).join(' ')}`.trimEnd();
  const rows = matrix.operations.map((o) => `${o.padEnd(width)}  ${matrix.principles.map((p) => cellLabel(matrix.cells[o]?.[p]).padEnd(5)).join(' ')}`.trimEnd());
  const key = matrix.principles.map((p, i) => `p${i + 1} ${p}`);
  return [head, ...rows, '', ...key, ...unrunLines(matrix), coverageSummary(matrix, by)].join('\n');
}

/** Why each principle's cells could not run, a line each, the principles with none left out. */
export function unrunLines(matrix: CoverageMatrix): string[] {
  return matrix.principles.flatMap((principle) => {
    const reasons = [...new Set(Object.values(matrix.cells).flatMap((row) => { const cell = row[principle]; return cell?.outcome === 'unrun' ? [cell.reason] : []; }))];
    return reasons.length === 0 ? [] : [`${principle} could not run on some: ${reasons.join('; ')}`];
  });
}

/** `17 of 18 operations exercised (94%); by no principle: GET /reports/{reportId}`. */
export function coverageSummary(matrix: CoverageMatrix, by = 'principle'): string {
  const missing = uncovered(matrix);
  return `${matrix.operations.length - missing.length} of ${matrix.operations.length} operations exercised (${coveredPercent(matrix)}%)${missing.length === 0 ? '' : `; by no ${by}: ${missing.join(', ')}`}`;
}

/** What a command says when fewer operations than `required` percent were exercised; undefined when enough were. */
export function belowRequired(command: string, matrix: CoverageMatrix, required: number, by = 'principle'): string | undefined {
  const percent = coveredPercent(matrix);
  return percent >= required ? undefined : `${command}: ${percent}% of the operations were exercised, below the ${required}% required; by no ${by}: ${uncovered(matrix).join(', ')}`;
}
