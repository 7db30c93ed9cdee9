import type { NoteOperation } from './history.js';

/** A call or a return in the time-ordered list a search lifts operations out of. */
export interface Entry {
  /** The operation's index in the list the search was given. */
  readonly index: number;
  readonly timeUs: number;
  /** The call's return; `undefined` on a return. */
  readonly match: Entry | undefined;
  prev: Entry | undefined;
  next: Entry | undefined;
}

/**
 * Calls and returns in time order, behind a head entry; an operation of unknown outcome returns at +∞. At
 * equal times a return comes first: in the simulator a client starts its next step at the very microsecond
 * the previous one completed, and the response had arrived before the send.
 */
export function entryList(operations: readonly NoteOperation[]): Entry {
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
export function lift(call: Entry): void {
  call.prev!.next = call.next;
  call.next!.prev = call.prev;
  const ret = call.match!;
  ret.prev!.next = ret.next;
  if (ret.next !== undefined) ret.next.prev = ret.prev;
}

export function unlift(call: Entry): void {
  const ret = call.match!;
  ret.prev!.next = ret;
  if (ret.next !== undefined) ret.next.prev = ret;
  call.prev!.next = call;
  call.next!.prev = call;
}
