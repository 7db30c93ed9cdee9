import type { Role, TargetSession } from './targets/target-session.js';
import { itemAt, type WritableSpec } from './targets/target.js';
import { createdId } from './created-id.js';
import { markedBody, writeMark } from './writable-marker.js';

/** Hands out the marks of one run's writes, each once. */
export class WriteMarks {
  #next = 1;

  next(): string {
    return writeMark(this.#next++);
  }
}

/**
 * Creates an item of the collection for each role given, in order, and returns the ids the app answered. A
 * creation the app refuses (that role may not write) or answers without an id adds none: the run goes on
 * with what exists, and a principle that needs an item is then about the items there are.
 */
export async function createItems(run: TargetSession, writable: WritableSpec, creators: readonly Role[], marks: WriteMarks): Promise<string[]> {
  const ids: string[] = [];
  for (const role of creators) {
    const exchange = await run.send(role, { method: 'POST', path: writable.collection, body: markedBody(writable, marks.next()) });
    const id = createdId(exchange);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** An id no item of the run has: what a read or write of an item that does not exist is sent to. */
export const missingId = '987654';

/** The item a plan names by position among those created, or the missing one when none was (or it asks for it). */
export function itemPath(writable: WritableSpec, ids: readonly string[], pick: number | 'missing'): string {
  return itemAt(writable.item, pick === 'missing' || ids.length === 0 ? missingId : ids[pick % ids.length]!);
}
