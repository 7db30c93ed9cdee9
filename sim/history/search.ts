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

/** The placed operations, latest first, shared between configurations: recording the furthest costs O(1). */
interface Placed {
  readonly index: number;
  readonly count: number;
  readonly before: Placed | undefined;
}

/** The furthest configuration so far, kept as cheaply as it is found; `Stuck` is made from it at the end. */
interface Furthest {
  readonly deadline: Entry;
  readonly placed: Placed | undefined;
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
 * - **Dead ends seen early** (`Starvation`): a configuration where an operation still to place needs a state
 *   that nothing left can bring back (a read of a value whose one write is placed and overwritten) has no
 *   linearization, however far it runs on before the search would meet that operation's deadline. It is cut
 *   once the search has been as far as that deadline, so the furthest point reported is the one the full
 *   search reports.
 *
 * Operations of unknown outcome return at +∞, after every definite one. A deadline at +∞ means every definite
 * operation is placed: the history is linearizable with the unknown ones still open left out.
 */
export function searchLinearization(operations: readonly NoteOperation[], model: RegisterModel, options: SearchOptions): SearchResult {
  const candidates = operations.filter((op) => roleOf(op) !== 'none');
  const readOnly = candidates.map((op) => model.isReadOnly?.(op) ?? false);
  const head = entryList(candidates);
  const starvation = Starvation.of(candidates, model);
  const seen = new Set<string>();
  const path: Frame[] = [];
  let state = model.initial;
  let placed: Placed | undefined;
  let statesExplored = 0;
  let furthest: Furthest | undefined;

  const place = (call: Entry, next: NoteState): void => {
    lift(call);
    starvation?.place(call.index);
    placed = { index: call.index, count: (placed?.count ?? 0) + 1, before: placed };
    state = next;
  };
  const unplace = (frame: Frame): void => {
    unlift(frame.placed!);
    starvation?.unplace(frame.placed!.index);
    placed = placed!.before;
    state = frame.state;
  };

  /**
   * The configuration the list and `state` are in now with its choices in the order to try them; `done` when
   * every definite operation is placed; `undefined` when the memo has seen it before or it is a dead end.
   */
  const open = (): Frame | 'done' | undefined => {
    const pending: Entry[] = [];
    let entry = head.next;
    while (entry !== undefined && entry.match !== undefined) {
      pending.push(entry);
      entry = entry.next;
    }
    if (entry === undefined || entry.timeUs === Infinity) return 'done';
    const stateKey = model.key(state);
    if (options.memoize) {
      let key = '';
      for (const e of pending) key += `${e.index},`;
      key += `|${stateKey}`;
      if (seen.has(key)) return undefined;
      seen.add(key);
    }
    if (furthest === undefined || isFurther(entry, placed?.count ?? 0, furthest)) furthest = { deadline: entry, placed, state };
    if (starvation?.cannotPassBy(stateKey, furthest.deadline.timeUs)) return undefined;
    for (const e of pending) {
      if (readOnly[e.index] && model.step(state, candidates[e.index]!) !== undefined) return { choices: [e], next: 0, placed: undefined, state };
    }
    const due = candidates[entry.index]!;
    const choices: Entry[] = [];
    const rest: Entry[] = [];
    for (const e of pending) {
      if (e.index === entry.index) {
        choices.unshift(e);
        continue;
      }
      const after = model.step(state, candidates[e.index]!);
      (after !== undefined && model.step(after, due) !== undefined ? choices : rest).push(e);
    }
    // The due call first, then those that let it pass, then the rest.
    return { choices: choices.concat(rest), next: 0, placed: undefined, state };
  };
  const stuck = (): Stuck | undefined => furthest && stuckAt(furthest, candidates);

  let frame = open();
  if (frame === 'done') return { verdict: 'linearizable', statesExplored };
  while (frame !== undefined) {
    const call = frame.choices[frame.next++];
    if (call === undefined) {
      frame = path.pop();
      if (frame === undefined) break;
      unplace(frame);
      continue;
    }
    const next = model.step(state, candidates[call.index]!);
    if (next === undefined) continue;
    frame.placed = call;
    path.push(frame);
    place(call, next);
    const opened = open();
    if (opened === undefined) {
      path.pop();
      unplace(frame);
      continue;
    }
    if (++statesExplored > options.maxStates) return { verdict: 'state-bound-exceeded', statesExplored, stuck: stuck() };
    if (opened === 'done') return { verdict: 'linearizable', statesExplored };
    frame = opened;
  }
  return { verdict: 'not-linearizable', statesExplored, stuck: stuck()! };
}

function isFurther(deadline: Entry, placedCount: number, furthest: Furthest): boolean {
  const furthestUs = furthest.deadline.timeUs;
  return deadline.timeUs > furthestUs || (deadline.timeUs === furthestUs && placedCount > (furthest.placed?.count ?? 0));
}

function stuckAt(furthest: Furthest, candidates: readonly NoteOperation[]): Stuck {
  const linearized: NoteOperation[] = [];
  for (let p = furthest.placed; p !== undefined; p = p.before) linearized.push(candidates[p.index]!);
  return { operation: candidates[furthest.deadline.index]!, linearized: linearized.reverse(), state: furthest.state };
}

/**
 * Which states the operations still to place need and which they can still bring about, counted as the search
 * places and takes back, so that a dead end shows in O(starved states) per configuration.
 *
 * A state is starved when a definite operation still to place is legal only in it (`RegisterModel.needs`) and
 * no operation still to place leaves it from another state (`leaves`). Unless the note is in that state now,
 * it never will be again, and that operation can never be placed: no linearization from here gets past its
 * completion. Absent when the model does not say what its operations need and leave.
 */
class Starvation {
  readonly #needs: Int32Array;
  readonly #leaves: Int32Array;
  readonly #placed: Uint8Array;
  /** Per state: the definite operations legal only in it, earliest completion first. */
  readonly #neededBy: number[][];
  readonly #keyIds: Map<string, number>;
  readonly #completeUs: Float64Array;
  readonly #needersLeft: Int32Array;
  readonly #producersLeft: Int32Array;
  readonly #starved = new Set<number>();
  /** Operations still to place whose resulting state the model cannot name: while any is left, nothing starves. */
  #unnamedLeft = 0;

  static of(candidates: readonly NoteOperation[], model: RegisterModel): Starvation | undefined {
    if (model.needs === undefined || model.leaves === undefined) return undefined;
    return new Starvation(candidates, (op) => model.needs!(op), (op) => model.leaves!(op));
  }

  private constructor(candidates: readonly NoteOperation[], needs: (op: NoteOperation) => string | undefined, leaves: (op: NoteOperation) => string | undefined) {
    this.#keyIds = new Map();
    const id = (key: string | undefined): number => {
      if (key === undefined) return -1;
      let found = this.#keyIds.get(key);
      if (found === undefined) this.#keyIds.set(key, (found = this.#keyIds.size));
      return found;
    };
    const n = candidates.length;
    this.#needs = new Int32Array(n);
    this.#leaves = new Int32Array(n);
    this.#placed = new Uint8Array(n);
    this.#completeUs = new Float64Array(n);
    candidates.forEach((op, i) => {
      // Only a definite operation has to be placed; an optional one needing a lost state is simply left out.
      this.#needs[i] = roleOf(op) === 'definite' ? id(needs(op)) : -1;
      const left = leaves(op);
      // -2: leaves a state the model cannot name; -1: leaves the state it needs, so it brings nothing back.
      this.#leaves[i] = left === undefined ? -2 : left === needs(op) ? -1 : id(left);
      this.#completeUs[i] = op.completeUs ?? Infinity;
    });
    const states = this.#keyIds.size;
    this.#neededBy = Array.from({ length: states }, () => []);
    this.#needersLeft = new Int32Array(states);
    this.#producersLeft = new Int32Array(states);
    for (let i = 0; i < n; i++) {
      if (this.#needs[i]! >= 0) {
        this.#neededBy[this.#needs[i]!]!.push(i);
        this.#needersLeft[this.#needs[i]!]!++;
      }
      if (this.#leaves[i]! >= 0) this.#producersLeft[this.#leaves[i]!]!++;
      if (this.#leaves[i] === -2) this.#unnamedLeft++;
    }
    for (const list of this.#neededBy) list.sort((a, b) => this.#completeUs[a]! - this.#completeUs[b]!);
    for (let k = 0; k < states; k++) if (this.#needersLeft[k]! > 0 && this.#producersLeft[k] === 0) this.#starved.add(k);
  }

  place(i: number): void {
    this.#placed[i] = 1;
    const need = this.#needs[i]!;
    if (need >= 0 && --this.#needersLeft[need]! === 0) this.#starved.delete(need);
    const left = this.#leaves[i]!;
    if (left >= 0 && --this.#producersLeft[left]! === 0 && this.#needersLeft[left]! > 0) this.#starved.add(left);
    if (left === -2) this.#unnamedLeft--;
  }

  unplace(i: number): void {
    this.#placed[i] = 0;
    const left = this.#leaves[i]!;
    if (left >= 0 && this.#producersLeft[left]!++ === 0) this.#starved.delete(left);
    if (left === -2) this.#unnamedLeft++;
    const need = this.#needs[i]!;
    if (need >= 0 && this.#needersLeft[need]!++ === 0 && this.#producersLeft[need] === 0) this.#starved.add(need);
  }

  /**
   * Whether, in a configuration with this state, some operation still to place can never be placed and
   * completes no later than `untilUs`: the search has been that far already, and no linearization from here
   * gets further.
   */
  cannotPassBy(stateKey: string, untilUs: number): boolean {
    if (this.#unnamedLeft > 0 || this.#starved.size === 0) return false;
    const now = this.#keyIds.get(stateKey);
    for (const k of this.#starved) {
      if (k === now) continue;
      for (const i of this.#neededBy[k]!) {
        if (this.#placed[i] === 1) continue;
        if (this.#completeUs[i]! <= untilUs) return true;
        break;
      }
    }
    return false;
  }
}

/** Further on the clock, or as far with more operations placed. */
export function furtherThan(ret: Entry, placedCount: number, stuck: Stuck): boolean {
  const stuckUs = stuck.operation.completeUs!;
  return ret.timeUs > stuckUs || (ret.timeUs === stuckUs && placedCount > stuck.linearized.length);
}
