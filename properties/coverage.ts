import type { SessionRecord } from '../sim/session/session.js';
import type { DerivedOperation } from './targets/openapi/derivation.js';
import { operationAt } from './targets/openapi/operations.js';
import type { RunVerdict } from './principle.js';
import type { RunnerOptions } from './runner.js';

/** What the runs of one principle that sent a request to one operation came to. */
export type CoverageCell = { readonly outcome: 'pass' | 'fail' } | { readonly outcome: 'unrun'; readonly reason: string };

/** The operations of a description by the principles that ran: which of them each principle's runs sent a request to, and how those runs went. */
export interface CoverageMatrix {
  readonly operations: readonly string[];
  readonly principles: readonly string[];
  /** By operation (`GET /projects/{projectId}`), then by principle; a principle whose runs never sent it has no cell. */
  readonly cells: Readonly<Record<string, Readonly<Record<string, CoverageCell>>>>;
}

/**
 * Gathers the matrix as the runs end (`RunnerOptions.onRun`): every request of a run counts for the
 * operation it was sent to, the requests that make what a check needs (a project for a task) as much as the
 * one it judges. A cell fails when a run that sent the operation broke the principle, passes when such a
 * run held and none broke, and could not run when no such run could judge, with the first reason.
 */
export class CoverageTally {
  readonly #operations: readonly Pick<DerivedOperation, 'method' | 'path'>[];
  readonly #principles: string[] = [];
  readonly #cells = new Map<string, Map<string, CoverageCell>>();

  constructor(operations: readonly Pick<DerivedOperation, 'method' | 'path'>[]) {
    this.#operations = operations;
  }

  /** The `onRun` of one principle's runs. */
  hearing(principle: string): (record: SessionRecord, verdict: RunVerdict) => void {
    if (!this.#principles.includes(principle)) this.#principles.push(principle);
    return (record, verdict) => {
      for (const exchange of record.exchanges) {
        const operation = operationAt(this.#operations, exchange.request.method, exchange.request.path);
        if (operation === undefined) continue;
        const key = `${operation.method} ${operation.path}`;
        const row = this.#cells.get(key) ?? new Map<string, CoverageCell>();
        this.#cells.set(key, row);
        row.set(principle, combined(row.get(principle), verdict));
      }
    };
  }

  matrix(): CoverageMatrix {
    return {
      operations: this.#operations.map((o) => `${o.method} ${o.path}`),
      principles: [...this.#principles],
      cells: Object.fromEntries([...this.#cells].map(([operation, row]) => [operation, Object.fromEntries(row)])),
    };
  }
}

function combined(cell: CoverageCell | undefined, verdict: RunVerdict): CoverageCell {
  if (cell?.outcome === 'fail' || verdict.outcome === 'broken') return { outcome: 'fail' };
  if (cell?.outcome === 'pass' || verdict.outcome === 'held') return { outcome: 'pass' };
  return cell ?? { outcome: 'unrun', reason: verdict.reason };
}

/** The operations no principle's run sent a request to. */
export const uncovered = (matrix: CoverageMatrix): string[] => matrix.operations.filter((o) => Object.keys(matrix.cells[o] ?? {}).length === 0);

/** The share of the operations some principle's run sent a request to, in percent, rounded down. */
export const coveredPercent = (matrix: CoverageMatrix): number => (matrix.operations.length === 0 ? 100 : Math.floor((100 * (matrix.operations.length - uncovered(matrix).length)) / matrix.operations.length));

/**
 * The matrix as a table: an operation a row, a principle a column (numbered, named below the table), each
 * cell `pass`, `FAIL`, `unrun` or `-` (no run sent it); then the operations nothing sent, and why each
 * principle's cells could not run.
 */
export function coverageText(matrix: CoverageMatrix): string {
  const width = Math.max(9, ...matrix.operations.map((o) => o.length));
  const head = `${'operation'.padEnd(width)}  ${matrix.principles.map((_, i) => `p${i + 1}`.padEnd(5)).join(' ')}`.trimEnd();
  const rows = matrix.operations.map((o) => `${o.padEnd(width)}  ${matrix.principles.map((p) => label(matrix.cells[o]?.[p]).padEnd(5)).join(' ')}`.trimEnd());
  const key = matrix.principles.map((p, i) => `p${i + 1} ${p}`);
  const reasons = matrix.principles.flatMap((p) => {
    const why = [...new Set(Object.values(matrix.cells).flatMap((row) => { const cell = row[p]; return cell?.outcome === 'unrun' ? [cell.reason] : []; }))];
    return why.length === 0 ? [] : [`${p} could not run on some: ${why.join('; ')}`];
  });
  const missing = uncovered(matrix);
  const summary = `${matrix.operations.length - missing.length} of ${matrix.operations.length} operations exercised (${coveredPercent(matrix)}%)${missing.length === 0 ? '' : `; by no principle: ${missing.join(', ')}`}`;
  return [head, ...rows, '', ...key, ...reasons, summary].join('\n');
}

const label = (cell: CoverageCell | undefined): string => (cell === undefined ? '-' : cell.outcome === 'fail' ? 'FAIL' : cell.outcome);

/** The runner's `onRun`: the coverage tally's and the caller's, each when there is one. */
export function onRunWith(...hearers: readonly (RunnerOptions['onRun'] | undefined)[]): Pick<RunnerOptions, 'onRun'> {
  const present = hearers.filter((h) => h !== undefined);
  return present.length === 0 ? {} : { onRun: (record, verdict) => present.forEach((hear) => hear(record, verdict)) };
}
