import type { TableKey } from '../../src/storage/tables.js';

/** A table whose changed keys a change set can write: the map's current value of a key, or none. */
export interface ChangedTable {
  readonly name: string;
  current(key: TableKey): unknown;
  /** Puts back `value` (none: removes the key) without noting it: undoing a change the disk refused. */
  restore(key: TableKey, value: unknown): void;
}

/**
 * The keys a request changed, table by table. Keys, not values: the commit writes each key's value as it is
 * when the commit runs, so two requests that change the same key in one order can never reach the disk in
 * the other.
 */
export class ChangeSet {
  readonly #keys = new Map<ChangedTable, Set<TableKey>>();
  #committed: { readonly promise: Promise<void>; readonly resolve: () => void } | undefined;
  #settled = false;

  /** Resolves once the set's commit is done (or failed: whoever waits has nothing left to wait for). */
  committed(): Promise<void> {
    if (this.#settled) return Promise.resolve();
    if (this.#committed === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.#committed = { promise, resolve };
    }
    return this.#committed.promise;
  }

  /** The commit is over. */
  settle(): void {
    this.#settled = true;
    this.#committed?.resolve();
  }

  note(table: ChangedTable, key: TableKey): void {
    const keys = this.#keys.get(table);
    if (keys === undefined) this.#keys.set(table, new Set([key]));
    else keys.add(key);
  }

  has(table: ChangedTable, key: TableKey): boolean {
    return this.#keys.get(table)?.has(key) === true;
  }

  get empty(): boolean {
    return this.#keys.size === 0;
  }

  /** Takes `other`'s keys into this set and leaves `other` empty. */
  absorb(other: ChangeSet): void {
    for (const [table, keys] of other.#keys) for (const key of keys) this.note(table, key);
    other.#keys.clear();
  }

  entries(): IterableIterator<[ChangedTable, Set<TableKey>]> {
    return this.#keys.entries();
  }
}
