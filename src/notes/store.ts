import { type Counter, memoryTables, type Tables } from '../storage/tables.js';

export interface Note {
  readonly id: number;
  readonly content: string;
}

/**
 * The notes server's whole state (spec §3): a set of notes, empty at the start. Plain synchronous methods,
 * so a handler applies its effect in one step and nothing is ever half-applied.
 */
export class NotesStore {
  readonly #notes: Map<number, string>;
  /** The next id POST tries; a PUT may have taken it, so `add` looks further. */
  readonly #nextId: Counter;

  constructor(tables: Tables = memoryTables()) {
    this.#notes = tables.map('notes');
    this.#nextId = tables.counter('notes.next-id', 1);
  }

  get(id: number): Note | undefined {
    const content = this.#notes.get(id);
    return content === undefined ? undefined : { id, content };
  }

  /** PUT: creates or replaces; the same call twice leaves the same state. */
  put(id: number, content: string): { readonly note: Note; readonly created: boolean } {
    const created = !this.#notes.has(id);
    this.#notes.set(id, content);
    return { note: { id, content }, created };
  }

  /** POST: every call adds one more note under a fresh id, so a repeat is a second note. */
  add(content: string): Note {
    let id = this.#nextId.value;
    while (this.#notes.has(id)) id++;
    this.#nextId.value = id + 1;
    this.#notes.set(id, content);
    return { id, content };
  }

  delete(id: number): boolean {
    return this.#notes.delete(id);
  }

  get size(): number {
    return this.#notes.size;
  }

  /** All notes in id order: the final state a scenario reports. */
  snapshot(): Note[] {
    return [...this.#notes].sort((a, b) => a[0] - b[0]).map(([id, content]) => ({ id, content }));
  }
}
