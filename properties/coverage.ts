import type { SessionRecord } from '../sim/session/session.js';
import { type CoverageCell, type CoverageMatrix, operationAt } from './conformance/coverage-matrix.js';
import type { DerivedOperation } from './targets/openapi/derivation.js';
import type { RunVerdict } from './principle.js';
import type { RunnerOptions } from './runner.js';

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

/** The runner's `onRun`: the coverage tally's and the caller's, each when there is one. */
export function onRunWith(...hearers: readonly (RunnerOptions['onRun'] | undefined)[]): Pick<RunnerOptions, 'onRun'> {
  const present = hearers.filter((h) => h !== undefined);
  return present.length === 0 ? {} : { onRun: (record, verdict) => present.forEach((hear) => hear(record, verdict)) };
}
