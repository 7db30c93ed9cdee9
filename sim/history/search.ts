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

/** A call or a return in the time-ordered list the search lifts operations out of. */
interface Entry {
  readonly index: number;
  readonly timeUs: number;
  /** The call's return; `undefined` on a return. */
  readonly match: Entry | undefined;
  prev: Entry | undefined;
  next: Entry | undefined;
}

/**
 * Wing & Gong's search with Lowe's refinement and Porcupine's memo, for one note. It walks the calls in time
 * order, places (linearizes) the first one the model accepts and lifts it out of the list, and backtracks
 * when it meets a return whose call is not yet placed: that operation had to take effect before it completed.
 * The memo skips any (set of placed operations, state) seen before, because what can follow depends on
 * nothing else; that turns n! orders into at most 2^n sets.
 *
 * Operations of unknown outcome return at +∞, after every definite one. Meeting such a return means every
 * definite operation is placed: the history is linearizable with the unknown ones still open left out.
 */
export function searchLinearization(operations: readonly NoteOperation[], model: RegisterModel, options: SearchOptions): SearchResult {
  const candidates = operations.filter((op) => roleOf(op) !== 'none');
  const head = entryList(candidates);
  const placed = new Uint32Array(Math.ceil(candidates.length / 32) + 1);
  const seen = new Set<string>();
  const calls: { entry: Entry; state: NoteState }[] = [];
  let state = model.initial;
  let statesExplored = 0;
  let stuck: Stuck | undefined;
  let entry = head.next;

  while (entry !== undefined) {
    if (entry.match !== undefined) {
      const next = model.step(state, candidates[entry.index]!);
      if (next !== undefined) {
        placed[entry.index >>> 5]! ^= 1 << (entry.index & 31);
        const key = `${placed.join(',')}|${model.key(next)}`;
        if (!options.memoize || !seen.has(key)) {
          if (options.memoize) seen.add(key);
          if (++statesExplored > options.maxStates) return { verdict: 'state-bound-exceeded', statesExplored, stuck };
          calls.push({ entry, state });
          state = next;
          lift(entry);
          entry = head.next;
          continue;
        }
        placed[entry.index >>> 5]! ^= 1 << (entry.index & 31);
      }
      entry = entry.next;
      continue;
    }
    if (entry.timeUs === Infinity) return { verdict: 'linearizable', statesExplored };
    if (stuck === undefined || furtherThan(entry, calls.length, stuck)) {
      stuck = { operation: candidates[entry.index]!, linearized: calls.map((c) => candidates[c.entry.index]!), state };
    }
    const top = calls.pop();
    if (top === undefined) return { verdict: 'not-linearizable', statesExplored, stuck };
    entry = top.entry;
    state = top.state;
    placed[entry.index >>> 5]! ^= 1 << (entry.index & 31);
    unlift(entry);
    entry = entry.next;
  }
  return { verdict: 'linearizable', statesExplored };
}

function furtherThan(ret: Entry, placedCount: number, stuck: Stuck): boolean {
  const stuckUs = stuck.operation.completeUs!;
  return ret.timeUs > stuckUs || (ret.timeUs === stuckUs && placedCount > stuck.linearized.length);
}

/**
 * Calls and returns in time order. At equal times a return comes first: in the simulator a client starts its
 * next step at the very microsecond the previous one completed, and the response had arrived before the send.
 */
function entryList(operations: readonly NoteOperation[]): Entry {
  const items: { index: number; timeUs: number; isCall: boolean }[] = [];
  operations.forEach((op, index) => {
    items.push({ index, timeUs: op.invokeUs, isCall: true });
    items.push({ index, timeUs: op.completeUs ?? Infinity, isCall: false });
  });
  items.sort((a, b) => a.timeUs - b.timeUs || Number(a.isCall) - Number(b.isCall) || a.index - b.index);
  const returns = new Map<number, Entry>();
  for (const item of items) {
    if (!item.isCall) returns.set(item.index, { index: item.index, timeUs: item.timeUs, match: undefined, prev: undefined, next: undefined });
  }
  const head: Entry = { index: -1, timeUs: -Infinity, match: undefined, prev: undefined, next: undefined };
  let last = head;
  for (const item of items) {
    const ret = returns.get(item.index)!;
    const entry: Entry = item.isCall ? { index: item.index, timeUs: item.timeUs, match: ret, prev: last, next: undefined } : ret;
    entry.prev = last;
    last.next = entry;
    last = entry;
  }
  return head;
}

/** Takes a placed call and its return out of the list; `unlift` puts them back (dancing links). */
function lift(call: Entry): void {
  call.prev!.next = call.next;
  call.next!.prev = call.prev;
  const ret = call.match!;
  ret.prev!.next = ret.next;
  if (ret.next !== undefined) ret.next.prev = ret.prev;
}

function unlift(call: Entry): void {
  const ret = call.match!;
  ret.prev!.next = ret;
  if (ret.next !== undefined) ret.next.prev = ret;
  call.prev!.next = call;
  call.next!.prev = call;
}
