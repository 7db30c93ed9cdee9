import { type Entry, entryList, lift, unlift } from './entry-list.js';
import type { NoteOperation, NoteState } from './history.js';
import { type RegisterModel, roleOf } from './register-model.js';

export interface SearchOptions {
  /** Porcupine's cache of (linearized set, state); off only to show what it saves. */
  readonly memoize: boolean;
  /** Stop after this many states and call the partition undecided rather than search forever. */
  readonly maxStates: number;
}

/** The furthest the search got: every attempt stopped at this operation's completion or earlier. */
export interface Stuck {
  /** The operation whose completion no linearization could get past: it could not be placed before it. */
  readonly operation: NoteOperation;
  /** The longest prefix of a linearization found when the search stopped there, in order. */
  readonly linearized: readonly NoteOperation[];
  /** The note's state after that prefix. */
  readonly state: NoteState;
}

export type SearchResult =
  | { readonly verdict: 'linearizable'; readonly statesExplored: number }
  | { readonly verdict: 'not-linearizable'; readonly statesExplored: number; readonly stuck: Stuck }
  | { readonly verdict: 'state-bound-exceeded'; readonly statesExplored: number; readonly stuck: Stuck | undefined };

/** One configuration on the search's path: the operations it may place next, and which it tries next. */
interface Frame {
  readonly choices: readonly Entry[];
  next: number;
  /** The call placed to leave this configuration, while the search is past it. */
  placed: Entry | undefined;
  /** The note's state in this configuration. */
  readonly state: NoteState;
}

/**
 * Wing & Gong's search for one note, with Lowe's list lifting, Lowe's just-in-time order and Porcupine's memo.
 * A configuration is the set of placed (linearized) operations and the state they leave. Its deadline is the
 * first return in the list whose call is not placed: that operation must take effect before then, and only
 * calls before it can be placed next (their callers had invoked them and nobody may wait for them).
 *
 * - **Just in time**: the operation whose deadline it is goes first; the others are placed before it only
 *   when that fails. Placing operations early, in call order, is what made the old search backtrack: a write
 *   put before a read that had not seen it yet.
 * - **Read-only first**: an operation that never changes the state (`RegisterModel.isReadOnly`), legal now, is
 *   placed with no alternative. Any linearization from here can move it to the front and stay legal, so the
 *   other choices are explored through it anyway, and a read never makes the search branch.
 * - **Memo**: a configuration seen before is not searched again, since what can follow depends on nothing
 *   else. It is named by its pending calls (those before the deadline, not placed) and its state: every call
 *   before the deadline that is not pending is placed, every later one is not, and the deadline is the
 *   earliest return among the pending calls. The key is as long as the concurrency, not the history.
 *
 * Operations of unknown outcome return at +∞, after every definite one. A deadline at +∞ means every definite
 * operation is placed: the history is linearizable with the unknown ones still open left out.
 */
export function searchLinearization(operations: readonly NoteOperation[], model: RegisterModel, options: SearchOptions): SearchResult {
  const candidates = operations.filter((op) => roleOf(op) !== 'none');
  const readOnly = candidates.map((op) => model.isReadOnly?.(op) ?? false);
  const head = entryList(candidates);
  const seen = new Set<string>();
  const path: Frame[] = [];
  let state = model.initial;
  let statesExplored = 0;
  let stuck: Stuck | undefined;

  /**
   * The configuration the list and `state` are in now with its choices in the order to try them; `done` when
   * every definite operation is placed; `undefined` when the memo has seen it before.
   */
  const open = (): Frame | 'done' | undefined => {
    const pending: Entry[] = [];
    let entry = head.next;
    while (entry !== undefined && entry.match !== undefined) {
      pending.push(entry);
      entry = entry.next;
    }
    if (entry === undefined || entry.timeUs === Infinity) return 'done';
    if (options.memoize) {
      const key = `${pending.map((e) => e.index).join(',')}|${model.key(state)}`;
      if (seen.has(key)) return undefined;
      seen.add(key);
    }
    if (stuck === undefined || furtherThan(entry, path.length, stuck)) {
      stuck = { operation: candidates[entry.index]!, linearized: path.map((f) => candidates[f.placed!.index]!), state };
    }
    const sure = pending.find((e) => readOnly[e.index] && model.step(state, candidates[e.index]!) !== undefined);
    if (sure !== undefined) return { choices: [sure], next: 0, placed: undefined, state };
    const due = candidates[entry.index]!;
    const enables = (e: Entry): boolean => {
      const after = model.step(state, candidates[e.index]!);
      return after !== undefined && model.step(after, due) !== undefined;
    };
    const others = pending.filter((e) => e.index !== entry.index);
    const choices = [pending.find((e) => e.index === entry.index)!, ...others.filter(enables), ...others.filter((e) => !enables(e))];
    return { choices, next: 0, placed: undefined, state };
  };

  let frame = open();
  if (frame === 'done') return { verdict: 'linearizable', statesExplored };
  while (frame !== undefined) {
    const call = frame.choices[frame.next++];
    if (call === undefined) {
      frame = path.pop();
      if (frame === undefined) break;
      unlift(frame.placed!);
      state = frame.state;
      continue;
    }
    const next = model.step(state, candidates[call.index]!);
    if (next === undefined) continue;
    frame.placed = call;
    path.push(frame);
    lift(call);
    state = next;
    const opened = open();
    if (opened === undefined) {
      path.pop();
      unlift(call);
      state = frame.state;
      continue;
    }
    if (++statesExplored > options.maxStates) return { verdict: 'state-bound-exceeded', statesExplored, stuck };
    if (opened === 'done') return { verdict: 'linearizable', statesExplored };
    frame = opened;
  }
  return { verdict: 'not-linearizable', statesExplored, stuck: stuck! };
}

/** Further on the clock, or as far with more operations placed. */
export function furtherThan(ret: Entry, placedCount: number, stuck: Stuck): boolean {
  const stuckUs = stuck.operation.completeUs!;
  return ret.timeUs > stuckUs || (ret.timeUs === stuckUs && placedCount > stuck.linearized.length);
}
