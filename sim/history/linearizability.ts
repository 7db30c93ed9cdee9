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
}

export const defaultCheckOptions = { maxOperationsPerNote: 1_000, maxStatesPerNote: 1_000_000, memoize: true } as const;

/**
 * `ok: false` whenever the checker cannot vouch for the history, so a property that asserts `ok` fails on an
 * undecided note as well as on a violation; `reason` tells which.
 */
export type LinearizabilityResult =
  | { readonly ok: true; readonly notes: number; readonly statesExplored: number }
  | {
      readonly ok: false;
      readonly reason: 'not-linearizable';
      readonly noteId: ItemId;
      /** The first operation that cannot be placed: every linearization of the note fails by its completion. */
      readonly operation: NoteOperation;
      readonly excerpt: string;
      readonly statesExplored: number;
    }
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
 * Whether the notes history is linearizable against one register per note (`register-model.ts`). Checks every
 * note and reports the violation that shows first on the clock; an undecided note only when nothing was found
 * to be wrong, because a definite violation is the more useful report.
 */
export function checkLinearizability(history: readonly NoteOperation[], options: CheckOptions = {}): LinearizabilityResult {
  const maxOperations = options.maxOperationsPerNote ?? defaultCheckOptions.maxOperationsPerNote;
  const search = { memoize: options.memoize ?? defaultCheckOptions.memoize, maxStates: options.maxStatesPerNote ?? defaultCheckOptions.maxStatesPerNote };
  const model = options.model ?? noteRegister;
  const partitions = partitionByNote(history);
  let statesExplored = 0;
  let violation: Extract<LinearizabilityResult, { reason: 'not-linearizable' }> | undefined;
  let undecided: Extract<LinearizabilityResult, { reason: 'bound-exceeded' }> | undefined;

  for (const [noteId, operations] of partitions) {
    if (operations.length > maxOperations) {
      undecided ??= {
        ok: false, reason: 'bound-exceeded', noteId, bound: `${operations.length} operations > maxOperationsPerNote ${maxOperations}`,
        operation: undefined, excerpt: excerptOf(noteId, operations, undefined), statesExplored: 0,
      };
      continue;
    }
    const result = searchLinearization(operations, model, search);
    statesExplored += result.statesExplored;
    if (result.verdict === 'not-linearizable') {
      const atUs = result.stuck.operation.completeUs!;
      if (violation === undefined || atUs < violation.operation.completeUs!) {
        violation = { ok: false, reason: 'not-linearizable', noteId, operation: result.stuck.operation, excerpt: excerptOf(noteId, operations, result.stuck), statesExplored: 0 };
      }
    } else if (result.verdict === 'state-bound-exceeded') {
      undecided ??= {
        ok: false, reason: 'bound-exceeded', noteId, bound: `more than maxStatesPerNote ${search.maxStates} states`,
        operation: result.stuck?.operation, excerpt: excerptOf(noteId, operations, result.stuck), statesExplored: 0,
      };
    }
  }
  if (violation !== undefined) return { ...violation, statesExplored };
  if (undecided !== undefined) return { ...undecided, statesExplored };
  return { ok: true, notes: partitions.size, statesExplored };
}
