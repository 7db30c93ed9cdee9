import type { TableKey } from '../../src/storage/tables.js';
import type { ChangedTable, ChangeSet } from './change-set.js';

/**
 * A `Map` that tells `changes()` (the change set of the request running now) every key it sets or deletes.
 * Reads are a plain map's: everything a store holds stays in memory, and the disk is only written.
 */
export class JournaledMap<K extends TableKey, V> extends Map<K, V> implements ChangedTable {
  readonly name: string;
  readonly #changes: () => ChangeSet;

  constructor(name: string, loaded: Iterable<readonly [K, V]>, changes: () => ChangeSet) {
    super();
    // What was loaded is on disk already: filled through Map's own `set`, before there is anything to tell.
    for (const [key, value] of loaded) super.set(key, value);
    this.name = name;
    this.#changes = changes;
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    this.#changes().note(this, key);
    return this;
  }

  override delete(key: K): boolean {
    const deleted = super.delete(key);
    if (deleted) this.#changes().note(this, key);
    return deleted;
  }

  override clear(): void {
    for (const key of this.keys()) this.#changes().note(this, key);
    super.clear();
  }

  current(key: TableKey): unknown {
    return super.get(key as K);
  }

  restore(key: TableKey, value: unknown): void {
    if (value === undefined) {
      super.delete(key as K);
      return;
    }
    const putBack = !super.has(key as K);
    super.set(key as K, value as V);
    if (!putBack) return;
    // A record put back goes where LMDB keeps it, in key order: stores list records in their map's order.
    const entries = [...super.entries()].sort(([a], [b]) => lmdbOrder(a, b));
    super.clear();
    for (const [k, v] of entries) super.set(k, v);
  }
}

/** How LMDB orders lmdb-js's keys: numbers first, ascending, then strings by code unit. */
function lmdbOrder(a: TableKey, b: TableKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
