import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { open, type Database, type RootDatabase, type RootDatabaseOptionsWithPath } from 'lmdb';
import type { Counter, Durability, TableKey, Tables } from '../../src/storage/tables.js';
import { ChangeSet, type ChangedTable } from './change-set.js';
import { claimDataFolder, checkDataFile, DataFolderRefused } from './data-folder.js';
import { checkDataFitsHeap, type HeapFigures } from './heap-fit.js';
import { JournaledMap } from './journaled-map.js';

/** How the tables open their LMDB environment: lmdb-js's `open`, unless a test makes its disk refuse. */
export type OpenLmdb = (options: RootDatabaseOptionsWithPath) => RootDatabase;

/**
 * The disk refused a commit (full, or failing): nothing of the change set is kept, on disk or in memory, and
 * whoever made it must say so (the origin answers 507). The process goes on; the next commit tries again.
 */
export class StorageRefused extends Error {
  override readonly name = 'StorageRefused';
}

/** Bumped when a table's records change shape; a data folder of another version is refused, never misread. */
const schemaVersion = 1;

/**
 * How long the changes of an `after-answer` table (the audit log) wait to be written together: every request
 * adds an audit record, and one transaction per request would cost GETs half their rate. A SIGKILL loses at
 * most this much of the log, and nothing of the records.
 */
const defaultLogFlushMs = 10;

/** What the origin's tables need beside themselves: a named database each, plus `meta` and `counters`. */
const maxTables = 32;

/**
 * The origin's tables in an LMDB environment in `dir` (docs/decisions/server-and-storage.md, "The embedded database for
 * `npm start`"). Every record stays in memory, as in the simulator; the disk is written, and read only once,
 * when the tables open.
 *
 * A transaction per request: `serve` runs the request with a change set of its own (AsyncLocalStorage, so
 * what its awaits change is still its own), and when its answer is ready writes the keys it changed in one
 * transaction, and only then lets the answer go. A request's effect and its idempotency record are changed
 * in one synchronous step, so they are in one change set and reach the disk together or not at all: a
 * SIGKILL lands before the commit (nothing of the request is there, and nothing was answered) or after it.
 * LMDB batches the transactions that wait together into one commit, so concurrent requests share a disk
 * write. Changes made outside any request (an upgrade's audit record, a socket's mutation, the demo data,
 * forgetting in-flight idempotency records on start) join the next commit, which `whenCommitted` waits for.
 * The changes of an `after-answer` table (the audit log) are written every `logFlushMs`; no answer waits for
 * them.
 */
export class DurableTables implements Tables {
  readonly fresh: boolean;
  /** The access-token key, kept with the data: a token issued before a restart is still good after it. */
  readonly signingKey: Uint8Array;
  readonly #root: RootDatabase;
  readonly #meta: Database<unknown, string>;
  readonly #databases = new Map<string, Database<unknown, TableKey>>();
  readonly #maps = new Map<string, JournaledMap<TableKey, unknown>>();
  readonly #counters: Readonly<Record<Durability, JournaledMap<string, number>>>;
  readonly #requests = new AsyncLocalStorage<ChangeSet>();
  /** Requests' change sets not yet committed: a key one of them holds is theirs to write, not ours to undo. */
  readonly #running = new Set<ChangeSet>();
  /** Stores that rebuild what they derive once records are put back (`onUndone`). */
  readonly #undoListeners: (() => void)[] = [];
  /** Changes no request owns, waiting for the next commit. */
  #loose = new ChangeSet();
  #looseCommit: Promise<void> | undefined;
  /** Changes of `after-answer` tables, waiting for the next log flush. */
  #log = new ChangeSet();
  #logFlush: NodeJS.Timeout | undefined;
  readonly #changes = (): ChangeSet => this.#requests.getStore() ?? this.#scheduleLoose();
  readonly #logChanges = (): ChangeSet => {
    // A flush the disk refuses keeps its keys for the next one; a timer has nobody to tell.
    this.#logFlush ??= setTimeout(() => void this.#flushLog().catch(() => undefined), this.#logFlushMs);
    return this.#log;
  };

  /** The data folder, absolute. */
  readonly dir: string;
  /** Gives the folder back to whoever starts on it next. */
  readonly #release: () => void;
  readonly #logFlushMs: number;

  private constructor(dir: string, logFlushMs: number, openLmdb: OpenLmdb, heap: HeapFigures | undefined) {
    this.dir = resolve(dir);
    this.#logFlushMs = logFlushMs;
    try {
      this.#release = claimDataFolder(dir);
    } catch (error) {
      if (error instanceof DataFolderRefused) throw error;
      throw new Error(`cannot keep the data in ${this.dir}: ${(error as Error).message}`, { cause: error });
    }
    let root: RootDatabase | undefined;
    try {
      checkDataFile(dir);
      // A folder whatever its name: LMDB takes a path with an extension (`tmp.x1y2`, `data.v2`) for a file.
      root = openLmdb({ path: dir, maxDbs: maxTables, noSubdir: false });
      checkDataFitsHeap(root, this.dir, heap);
    } catch (error) {
      void root?.close();
      this.#release();
      if (error instanceof DataFolderRefused) throw error;
      throw new Error(`cannot keep the data in ${this.dir}: ${(error as Error).message}`, { cause: error });
    }
    this.#root = root;
    this.#meta = this.#root.openDB<unknown, string>({ name: 'meta' });
    const version = this.#meta.get('schema-version');
    if (version !== undefined && version !== schemaVersion) {
      throw new Error(`${dir} holds data of schema version ${JSON.stringify(version)}; this apisim reads version ${schemaVersion}. Start with another --data folder, or --memory.`);
    }
    this.fresh = version === undefined;
    if (this.fresh) {
      this.signingKey = new Uint8Array(randomBytes(32));
      this.#meta.transactionSync(() => {
        void this.#meta.put('schema-version', schemaVersion);
        void this.#meta.put('signing-key', Buffer.from(this.signingKey));
      });
    } else this.signingKey = new Uint8Array(this.#meta.get('signing-key') as Buffer);
    this.#counters = { 'with-answer': this.#open('counters', 'with-answer'), 'after-answer': this.#open('counters.after-answer', 'after-answer') };
  }

  /**
   * Opens (creating when absent) the data folder `dir`. The options are for tests: `logFlushMs` for those that
   * must tell a request's commit from the log's flush whatever the machine's load, `openLmdb` for those that
   * make the disk refuse a commit without filling one, `heap` for those that judge a folder against a heap of
   * their choosing. The server keeps the defaults.
   */
  static open(dir: string, { logFlushMs = defaultLogFlushMs, openLmdb = open, heap }: { readonly logFlushMs?: number; readonly openLmdb?: OpenLmdb; readonly heap?: HeapFigures } = {}): DurableTables {
    return new DurableTables(dir, logFlushMs, openLmdb, heap);
  }

  map<K extends TableKey, V>(name: string, durability: Durability = 'with-answer'): Map<K, V> {
    return this.#open<K, V>(name, durability);
  }

  #open<K extends TableKey, V>(name: string, durability: Durability): JournaledMap<K, V> {
    if (this.#maps.has(name)) throw new Error(`the table ${name} is already open: two stores would share its records`);
    const db = this.#root.openDB<unknown, TableKey>({ name });
    this.#databases.set(name, db);
    const loaded = [...db.getRange()].map(({ key, value }) => [key, value] as const);
    const map = new JournaledMap<TableKey, unknown>(name, loaded, durability === 'with-answer' ? this.#changes : this.#logChanges);
    this.#maps.set(name, map);
    return map as unknown as JournaledMap<K, V>;
  }

  counter(name: string, start: number, durability: Durability = 'with-answer'): Counter {
    const counters = this.#counters[durability];
    if (!counters.has(name)) counters.set(name, start);
    return {
      get value() {
        return counters.get(name)!;
      },
      set value(next: number) {
        counters.set(name, next);
      },
    };
  }

  onUndone(listener: () => void): void {
    this.#undoListeners.push(listener);
  }

  /**
   * Runs `work` as one request: what it changes is committed in one transaction before the promise settles.
   * A request that changed nothing (a read) settles without touching the disk.
   */
  async serve<T>(work: () => T | Promise<T>): Promise<T> {
    const changes = new ChangeSet();
    this.#running.add(changes);
    try {
      const result = await this.#requests.run(changes, work);
      if (!changes.empty) await this.#commitOrUndo(changes);
      return result;
    } finally {
      this.#running.delete(changes);
      changes.settle();
    }
  }

  /**
   * Resolves once what was changed so far in this context is on disk: inside a request, when the request's
   * commit is done; outside, when the next commit of loose changes is. Undefined when nothing waits.
   */
  whenCommitted(): Promise<void> | undefined {
    return this.#requests.getStore()?.committed() ?? this.#looseCommit;
  }

  /**
   * Writes what is still to be written, then closes the environment and gives the folder back, even when the
   * disk refuses that last write (which it then reports).
   */
  async close(): Promise<void> {
    try {
      await this.#looseCommit?.catch(() => undefined);
      await this.#flushLog();
    } finally {
      await this.#root.close();
      this.#release();
    }
  }

  async #flushLog(): Promise<void> {
    clearTimeout(this.#logFlush);
    this.#logFlush = undefined;
    const changes = this.#log;
    this.#log = new ChangeSet();
    if (changes.empty) return;
    try {
      await this.#commit(changes);
    } catch (error) {
      // No answer waits for the log, so nothing is undone: its keys wait for the flush after the next record.
      this.#log.absorb(changes);
      throw await refused(error);
    }
  }

  #scheduleLoose(): ChangeSet {
    // The commit starts after the step that made the change, so a step's changes go in one transaction.
    this.#looseCommit ??= Promise.resolve().then(() => {
      const changes = this.#loose;
      this.#loose = new ChangeSet();
      return this.#commitOrUndo(changes);
    }).finally(() => {
      this.#looseCommit = undefined;
      if (!this.#loose.empty) this.#scheduleLoose();
    });
    // Whoever waits (`whenCommitted`) hears of a refusal; when nobody does, it must not end the process.
    this.#looseCommit.catch(() => undefined);
    return this.#loose;
  }

  /**
   * One transaction: each changed key's value as it is now, or its removal. Loose changes come along; the
   * log's do not, since a log entry rewritten with every request would cost each request its whole block.
   */
  async #commit(changes: ChangeSet): Promise<void> {
    if (changes !== this.#loose && changes !== this.#log) changes.absorb(this.#loose);
    await this.#root.transaction(() => {
      for (const [table, keys] of changes.entries()) this.#write(table, keys);
    });
  }

  /** A commit, or, when the disk refuses it, memory put back as the disk has it and `StorageRefused`. */
  async #commitOrUndo(changes: ChangeSet): Promise<void> {
    try {
      await this.#commit(changes);
    } catch (error) {
      this.#undo(changes);
      throw await refused(error);
    }
  }

  /**
   * Each record back to its value on disk, unless a request still running changed it since: that request's
   * value was made after this one and is the one its own commit writes (or, refused too, undoes). Counters
   * stay as they are: an id handed out is never handed out again in this process, so nothing derived from a
   * record that was undone can meet a new record under its id.
   */
  #undo(changes: ChangeSet): void {
    const heldByOthers = (table: ChangedTable, key: TableKey): boolean =>
      [...this.#running, this.#loose].some((other) => other !== changes && other.has(table, key));
    const counters = new Set<ChangedTable>(Object.values(this.#counters));
    for (const [table, keys] of changes.entries()) {
      if (counters.has(table)) continue;
      const db = this.#databases.get(table.name)!;
      for (const key of keys) if (!heldByOthers(table, key)) table.restore(key, db.get(key));
    }
    for (const listener of this.#undoListeners) listener();
  }

  #write(table: ChangedTable, keys: Set<TableKey>): void {
    const db = this.#databases.get(table.name)!;
    for (const key of keys) {
      const value = table.current(key);
      if (value === undefined) db.removeSync(key);
      else db.putSync(key, value);
    }
  }
}

/**
 * What the disk said. lmdb-js rejects a failed commit's promise with "Commit failed" and the cause (ENOSPC)
 * on `commitError`, a promise of its own that no one else handles: left alone, it would end the process.
 */
async function refused(error: unknown): Promise<StorageRefused> {
  if (error instanceof StorageRefused) return error;
  const commitError = (error as { commitError?: Promise<unknown> }).commitError;
  const cause = commitError === undefined ? error : await commitError.then(() => error, (reason: unknown) => reason);
  return new StorageRefused(`the disk refused a commit: ${(cause as Error).message}`, { cause });
}

/**
 * lmdb-js 3.5 rejects a failed commit twice: the transaction's promise, which `DurableTables` answers
 * (`StorageRefused`), and an internal one of its own that nothing outside can handle. A process that ends on
 * an unhandled rejection must let this echo pass, and only this: it carries `commitError`.
 */
export function isCommitEcho(reason: unknown): boolean {
  return reason instanceof Error && reason.message.startsWith('Commit failed') && 'commitError' in reason;
}
