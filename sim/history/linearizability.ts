import { excerptOf } from './excerpt.js';
import type { NoteOperation } from './history.js';
import { partitionByNote } from './partition.js';
import type { ItemId } from './resource.js';
import { noteRegister, type RegisterModel } from './register-model.js';
import { searchLinearization } from './search.js';

export interface CheckOptions {
  /** A note with more operations than this is not searched; the result says so. */
  readonly maxOperationsPerNote?: number;
  /** A note whose search visits more states than this is left undecided; the result says so. */
  readonly maxStatesPerNote?: number;
  /** Porcupine's memo; switched off only to measure it. */
  readonly memoize?: boolean;
  readonly model?: RegisterModel;
  /**
   * `first`: stop at the first note, in id order, found not linearizable, as Porcupine does; one counterexample
   * is all a property needs. `all`: search every note and list every one that fails.
   */
  readonly violations?: 'first' | 'all';
}

export const defaultCheckOptions = { maxOperationsPerNote: 1_000, maxStatesPerNote: 1_000_000, memoize: true, violations: 'first' } as const;

/** One note found not linearizable. */
export interface NoteViolation {
  readonly noteId: ItemId;
  /** The first operation that cannot be placed: every linearization of the note fails by its completion. */
  readonly operation: NoteOperation;
  readonly excerpt: string;
}

/**
 * `ok: false` whenever the checker cannot vouch for the history, so a property that asserts `ok` fails on an
 * undecided note as well as on a violation; `reason` tells which.
 */
export type LinearizabilityResult =
  | { readonly ok: true; readonly notes: number; readonly statesExplored: number }
  | (NoteViolation & {
      readonly ok: false;
      readonly reason: 'not-linearizable';
      /** Every note found not linearizable, in id order: the one above and, with `violations: 'all'`, the others. */
      readonly violations: readonly NoteViolation[];
      readonly statesExplored: number;
    })
  | {
      readonly ok: false;
      readonly reason: 'bound-exceeded';
      readonly noteId: ItemId;
      /** e.g. `1204 operations > maxOperationsPerNote 1000`. */
      readonly bound: string;
      readonly operation: NoteOperation | undefined;
      readonly excerpt: string;
      readonly statesExplored: number;
    };

/**
 * Whether the notes history is linearizable against one register per note (`register-model.ts`). Reports the
 * violation that shows first on the clock among the notes it found not linearizable (all of them, or the first
 * in id order); an undecided note only when nothing was found to be wrong, because a definite violation is the
 * more useful report.
 */
export function checkLinearizability(history: readonly NoteOperation[], options: CheckOptions = {}): LinearizabilityResult {
  const maxOperations = options.maxOperationsPerNote ?? defaultCheckOptions.maxOperationsPerNote;
  const search = { memoize: options.memoize ?? defaultCheckOptions.memoize, maxStates: options.maxStatesPerNote ?? defaultCheckOptions.maxStatesPerNote };
  const model = options.model ?? noteRegister;
  const stopAtFirst = (options.violations ?? defaultCheckOptions.violations) === 'first';
  const partitions = partitionByNote(history);
  let statesExplored = 0;
  const violations: NoteViolation[] = [];
  let undecided: Extract<LinearizabilityResult, { reason: 'bound-exceeded' }> | undefined;

  for (const [noteId, operations] of partitions) {
    if (operations.length > maxOperations) {
      undecided ??= {
        ok: false, reason: 'bound-exceeded', noteId, bound: `${operations.length} operations > maxOperationsPerNote ${maxOperations}`,
        operation: undefined, excerpt: excerptOf(noteId, operations, undefined, model), statesExplored: 0,
      };
      continue;
    }
    const result = searchLinearization(operations, model, search);
    statesExplored += result.statesExplored;
    if (result.verdict === 'not-linearizable') {
      violations.push({ noteId, operation: result.stuck.operation, excerpt: excerptOf(noteId, operations, result.stuck, model) });
      if (stopAtFirst) break;
    } else if (result.verdict === 'state-bound-exceeded') {
      undecided ??= {
        ok: false, reason: 'bound-exceeded', noteId, bound: `more than maxStatesPerNote ${search.maxStates} states`,
        operation: result.stuck?.operation, excerpt: excerptOf(noteId, operations, result.stuck, model), statesExplored: 0,
      };
    }
  }
  if (violations.length > 0) {
    const first = violations.reduce((a, b) => (b.operation.completeUs! < a.operation.completeUs! ? b : a));
    return { ok: false, reason: 'not-linearizable', ...first, violations, statesExplored };
  }
  if (undecided !== undefined) return { ...undecided, statesExplored };
  return { ok: true, notes: partitions.size, statesExplored };
}
