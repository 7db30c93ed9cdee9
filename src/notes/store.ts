import { utf8Bytes } from '../http/message.js';
import { CreatorQuota, type Quota, type QuotaCheck, type Usage } from '../storage/creator-quota.js';
import { type Counter, memoryTables, type Tables } from '../storage/tables.js';

export interface Note {
  readonly id: number;
  readonly content: string;
}

/**
 * What one caller may keep in notes: every note counts for whoever wrote it last, with its content's UTF-8
 * bytes. Four accounts at the bound hold 16 MiB of notes.
 */
export const defaultNotesQuota: Quota = { count: 1_000, bytes: 4 * 1024 * 1024 };

/**
 * The notes server's whole state (spec §3): a set of notes, empty at the start. Plain synchronous methods,
 * so a handler applies its effect in one step and nothing is ever half-applied.
 */
export class NotesStore {
  readonly #notes: Map<number, string>;
  /** The next id POST tries; a PUT may have taken it, so `add` looks further. */
  readonly #nextId: Counter;
  /** Note id → the user id of its last writer; a note written without one counts for nobody. */
  readonly #writers: Map<number, number>;
  /** Derived from the records: what each writer's notes take. */
  readonly #usage: CreatorQuota;

  constructor(tables: Tables = memoryTables(), quota: Quota = defaultNotesQuota) {
    this.#notes = tables.map('notes');
    this.#nextId = tables.counter('notes.next-id', 1);
    this.#writers = tables.map('notes.writers');
    this.#usage = new CreatorQuota('notes', quota);
    this.#tally();
    tables.onUndone?.(() => this.#tally());
  }

  /** Whether `writer` may write `content` (to note `id`, or to a new note) within its quota. */
  room(writer: number, content: string, id?: number): QuotaCheck {
    const previous = id === undefined ? undefined : this.#notes.get(id);
    const own = previous !== undefined && this.#writers.get(id!) === writer;
    return this.#usage.room(writer, own ? 0 : 1, utf8Bytes(content) - (own ? utf8Bytes(previous) : 0));
  }

  usage(writer: number): Usage {
    return this.#usage.usage(writer);
  }

  get(id: number): Note | undefined {
    const content = this.#notes.get(id);
    return content === undefined ? undefined : { id, content };
  }

  /** PUT: creates or replaces; the same call twice leaves the same state. */
  put(id: number, content: string, writer?: number): { readonly note: Note; readonly created: boolean } {
    const created = !this.#notes.has(id);
    this.#forget(id);
    this.#keep(id, content, writer);
    return { note: { id, content }, created };
  }

  /** POST: every call adds one more note under a fresh id, so a repeat is a second note. */
  add(content: string, writer?: number): Note {
    let id = this.#nextId.value;
    while (this.#notes.has(id)) id++;
    this.#nextId.value = id + 1;
    this.#keep(id, content, writer);
    return { id, content };
  }

  delete(id: number): boolean {
    this.#forget(id);
    this.#writers.delete(id);
    return this.#notes.delete(id);
  }

  #keep(id: number, content: string, writer: number | undefined): void {
    this.#notes.set(id, content);
    if (writer === undefined) this.#writers.delete(id);
    else {
      this.#writers.set(id, writer);
      this.#usage.count(writer, 1, utf8Bytes(content));
    }
  }

  /** Takes note `id` off its writer's usage (the record itself is the caller's to change). */
  #forget(id: number): void {
    const writer = this.#writers.get(id);
    if (writer !== undefined) this.#usage.count(writer, -1, -utf8Bytes(this.#notes.get(id)));
  }

  /** The usage from the records: at start, and after an undo. */
  #tally(): void {
    this.#usage.clear();
    for (const [id, writer] of this.#writers) {
      const content = this.#notes.get(id);
      if (content !== undefined) this.#usage.count(writer, 1, utf8Bytes(content));
    }
  }

  get size(): number {
    return this.#notes.size;
  }

  /** All notes in id order: the final state a scenario reports. */
  snapshot(): Note[] {
    return [...this.#notes].sort((a, b) => a[0] - b[0]).map(([id, content]) => ({ id, content }));
  }
}
