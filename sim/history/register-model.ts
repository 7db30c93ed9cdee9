import type { NoteOperation, NoteState } from './history.js';

/**
 * The sequential specification of one note (src/notes/routes.ts, spec §3's state table) as a register that
 * is absent (`null`) or holds a content:
 *
 * | operation | legal when        | output                         | afterwards      |
 * |-----------|-------------------|--------------------------------|-----------------|
 * | read      | output = state    | content, or absent (404)       | unchanged       |
 * | write     | always            | 200 whatever was there         | present(input)  |
 * | create    | absent            | 201 with this id               | present(input)  |
 * | delete    | `deleted`: present; `absent`: absent; `absent-after-resend` or unknown: always | absent |
 *
 * A create is legal only on an absent note because the store hands a POST an id it does not hold. A re-sent
 * DELETE answered 404 may be the echo of its own earlier copy, so it is legal from either state: "applied
 * once", with the 404 telling only that the note is gone afterwards.
 *
 * `step` answers the next state, or `undefined` when the operation cannot happen in that state with that
 * output. It is only asked about operations that can take effect (`ok`, or `unknown` writes, creates and
 * deletes): a refused operation did nothing and an unknown read saw nothing.
 */
export interface RegisterModel {
  readonly initial: NoteState;
  step(state: NoteState, operation: NoteOperation): NoteState | undefined;
  /** Equal states, equal keys: the memo of the search compares states by key. */
  key(state: NoteState): string;
  /**
   * Whether the operation leaves the state as it was in every state where it is legal (a read). The search
   * places such an operation as soon as it is legal, with no alternative; a model without it loses only speed.
   */
  isReadOnly?(operation: NoteOperation): boolean;
  /**
   * The one state (by `key`) the operation is legal in, if there is only one: a read's answer. With `leaves`,
   * it lets the search cut a dead end early; a model without them loses only speed. It must be exact: the
   * operation is legal in no other state.
   */
  needs?(operation: NoteOperation): string | undefined;
  /** The state (by `key`) the operation leaves wherever it is legal, if that is always the same: a write's input. */
  leaves?(operation: NoteOperation): string | undefined;
  /**
   * How an operation reads in a violation's excerpt, for a model whose operations are not the note's own (a
   * compare-and-set carried in a `write`): `call` as the linearization lists it, `answer` after the arrow.
   * Without it an operation reads as the note's read, write, create or delete.
   */
  describe?(operation: NoteOperation): { readonly call: string; readonly answer: string };
}

export const noteRegister: RegisterModel = {
  initial: null,
  step(state, operation) {
    switch (operation.kind) {
      case 'read':
        return operation.output === state ? state : undefined;
      case 'write':
        return operation.input;
      case 'create':
        return state === null ? operation.input : undefined;
      case 'delete':
        if (operation.output === 'deleted') return state === null ? undefined : null;
        if (operation.output === 'absent') return state === null ? null : undefined;
        return null;
    }
  },
  key: stateKey,
  // A DELETE answered `absent` is legal only on an absent note, which it leaves absent: a read of absence.
  isReadOnly: (operation) => operation.kind === 'read' || (operation.kind === 'delete' && operation.output === 'absent'),
  needs(operation) {
    switch (operation.kind) {
      case 'read':
        return operation.output === undefined ? undefined : stateKey(operation.output);
      case 'create':
        return stateKey(null);
      case 'delete':
        return operation.output === 'absent' ? stateKey(null) : undefined;
      case 'write':
        return undefined;
    }
  },
  leaves(operation) {
    switch (operation.kind) {
      case 'read':
        return operation.output === undefined ? undefined : stateKey(operation.output);
      case 'write':
      case 'create':
        return stateKey(operation.input);
      case 'delete':
        return stateKey(null);
    }
  },
};

function stateKey(state: NoteState): string {
  return state === null ? '∅' : `=${state}`;
}

/** Whether the search has to place this operation, may place it, or leaves it out. */
export function roleOf(operation: NoteOperation): 'definite' | 'optional' | 'none' {
  if (operation.status === 'fail') return 'none';
  if (operation.status === 'ok') return 'definite';
  // An unknown read changed nothing and reported nothing, so no placement of it can matter.
  return operation.kind === 'read' ? 'none' : 'optional';
}
