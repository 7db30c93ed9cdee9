/** What a table is keyed by: ids and record keys, which every store already uses as map keys. */
export type TableKey = number | string;

/**
 * When a durable table's changes reach the disk. `with-answer` (records): in the request's own transaction,
 * before its answer leaves, so what was acknowledged survives a crash. `after-answer` (a log): right after,
 * without holding the answer, as a log shipped off the host is; a crash loses at most its last few
 * milliseconds, and never a change to the records. In memory there is no difference.
 */
export type Durability = 'with-answer' | 'after-answer';

/** A number that outlives the process with the records beside it: the next id to hand out. */
export interface Counter {
  value: number;
}

/**
 * Where a store keeps what outlives the process (`src/origin-storage.ts`): named maps and counters. A store
 * reads and writes them as it would its own `Map` and number, in one synchronous step per change, and never
 * learns where they live. In memory (the simulator, tests, `npm start -- --memory`) they are exactly a `Map`
 * and a boxed number. A durable implementation (`server/storage/`) hands out maps that note each key a
 * request changes and writes those keys in one transaction when the request is done, so a store needs no
 * code of its own to be durable, and a crash between two of its steps is the simulator's crash.
 *
 * What a store derives from its records (an index, a queue in expiry order) is not a table: it rebuilds it
 * from the tables when it is constructed, so only the records themselves reach the disk.
 */
export interface Tables {
  /**
   * True until something was written: then the demo data goes in. Tables that come back from disk are not
   * fresh, and keep whatever the previous process left, demo data included.
   */
  readonly fresh: boolean;
  /** The map named `name`, with what it held when the tables were opened, in ascending key order. */
  map<K extends TableKey, V>(name: string, durability?: Durability): Map<K, V>;
  /** The counter named `name`, or one at `start` when it was never written. */
  counter(name: string, start: number, durability?: Durability): Counter;
  /**
   * Hears that records were put back as the disk has them (a durable commit the disk refused is undone, so
   * nothing of the request stays), for a store to rebuild what it derives from them. Tables in memory never
   * undo anything and need not offer it.
   */
  onUndone?(listener: () => void): void;
}

/** Tables that live and die with the process. */
export function memoryTables(): Tables {
  return { fresh: true, map: () => new Map(), counter: (_name, start) => ({ value: start }) };
}
