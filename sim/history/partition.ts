import type { NoteOperation } from './history.js';
import { compareItemIds, type ItemId } from './resource.js';

/**
 * The history cut into one sub-history per note id, in id order (numbers, then strings). Linearizability is local (Herlihy & Wing):
 * a history of independent objects is linearizable exactly when each object's sub-history is, so each note
 * is searched alone, which keeps the search exponential only in one note's concurrency.
 *
 * A create whose response never arrived may have made any note: it joins every partition as an optional
 * operation. That may let it count in two notes at once, a weaker check, but never a false alarm.
 */
export function partitionByNote(history: readonly NoteOperation[]): Map<ItemId, NoteOperation[]> {
  const unplaced = history.filter((op) => op.noteId === undefined);
  const byNote = new Map<ItemId, NoteOperation[]>();
  for (const op of history) {
    if (op.noteId === undefined) continue;
    const list = byNote.get(op.noteId) ?? [];
    list.push(op);
    byNote.set(op.noteId, list);
  }
  const partitions = new Map<ItemId, NoteOperation[]>();
  for (const noteId of [...byNote.keys()].sort(compareItemIds)) {
    partitions.set(noteId, [...byNote.get(noteId)!, ...unplaced].sort((a, b) => a.invokeUs - b.invokeUs || a.id - b.id));
  }
  return partitions;
}
