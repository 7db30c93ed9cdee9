import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOriginStorage } from '../../src/origin-storage.js';
import { defaultOriginSettings } from '../../src/origin.js';
import { DurableTables, StorageRefused } from './durable-tables.js';
import { refusingTables } from './test-kit.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'apisim-tables-'));
  folders.push(dir);
  return dir;
}

let ids = 0;
const storageOver = (tables: DurableTables) => createOriginStorage(() => 1_000, () => `id-${++ids}`, defaultOriginSettings, tables);

/** What is committed in `dir`, read as another process would: through LMDB, not through the tables' memory. */
function onDisk(dir: string, table: string, key: number | string): unknown {
  const root = open({ path: dir, maxDbs: 32, readOnly: true });
  try {
    return root.openDB({ name: table }).get(key);
  } finally {
    void root.close();
  }
}

describe('DurableTables', () => {
  it('comes back as the last process left it: records, counters and the demo data once', async () => {
    const dir = folder();
    const first = DurableTables.open(dir);
    expect(first.fresh).toBe(true);
    const storage = storageOver(first);
    const demo = { users: storage.users.snapshot(), posts: storage.posts.snapshot(), orders: storage.orders.snapshot() };
    await first.serve(() => {
      storage.notes.add('a');
      storage.notes.add('b');
      storage.notes.delete(2);
      storage.posts.addComment(1, 2, 'hello');
      storage.audit.record({ atUs: 1, userId: 1, username: 'alice', via: 'session', operation: 'read notes', object: 'notes/1', objectId: 1, decision: 'allow', reason: 'owner', status: 200 });
    });
    const signingKey = first.signingKey;
    await first.close();

    const second = DurableTables.open(dir);
    expect(second.fresh).toBe(false);
    expect(second.signingKey).toEqual(signingKey);
    const again = storageOver(second);
    expect(again.notes.snapshot()).toEqual([{ id: 1, content: 'a' }]);
    // The counter is kept: id 2 was handed out and deleted, and is not handed out again.
    expect(again.notes.add('c').id).toBe(3);
    expect(again.users.snapshot()).toEqual(demo.users);
    expect(again.orders.snapshot()).toEqual(demo.orders);
    expect(again.posts.snapshot().posts).toEqual(demo.posts.posts);
    expect(again.posts.commentsByPost(1).at(-1)).toMatchObject({ postId: 1, authorId: 2, body: 'hello' });
    expect(again.audit.counts()).toMatchObject({ allowed: 1, denied: 0 });
    await second.close();
  });

  it("commits a request's own changes only: one still running has nothing on disk, however much it changed", async () => {
    const dir = folder();
    const tables = DurableTables.open(dir);
    const storage = storageOver(tables);
    let finishSlow!: () => void;
    const slow = tables.serve(async () => {
      const ticket = storage.idempotency.claim('alice', 'k1', 'fp');
      if (ticket.outcome !== 'claimed') throw new Error('expected a fresh claim');
      storage.notes.put(1, 'slow');
      await new Promise<void>((resolve) => (finishSlow = resolve));
      storage.idempotency.complete(ticket.record, { status: 200, headers: {}, body: '{}', bodyBytes: 2 });
    });
    await tables.serve(() => storage.notes.put(2, 'quick'));
    expect(onDisk(dir, 'notes', 2)).toBe('quick');
    // Its effect is in memory (a reader in this process sees it) but not on disk, and neither is its claim.
    expect(storage.notes.get(1)?.content).toBe('slow');
    expect(onDisk(dir, 'notes', 1)).toBeUndefined();
    expect(onDisk(dir, 'idempotency', '5:alicek1')).toBeUndefined();
    finishSlow();
    await slow;
    expect(onDisk(dir, 'notes', 1)).toBe('slow');
    expect(onDisk(dir, 'idempotency', '5:alicek1')).toMatchObject({ state: 'completed', response: { status: 200 } });
    await tables.close();
  });

  it('writes the value a key has when the commit runs, so the later change is the one kept', async () => {
    const dir = folder();
    const tables = DurableTables.open(dir);
    const storage = storageOver(tables);
    let finishFirst!: () => void;
    const first = tables.serve(async () => {
      storage.notes.put(1, 'first');
      await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    await tables.serve(() => storage.notes.put(1, 'second'));
    finishFirst();
    await first;
    expect(onDisk(dir, 'notes', 1)).toBe('second');
    expect(storage.notes.get(1)?.content).toBe('second');
    await tables.close();
  });

  it('commits changes made outside a request on their own, and says when they are on disk', async () => {
    const dir = folder();
    const tables = DurableTables.open(dir);
    const storage = storageOver(tables);
    await tables.whenCommitted();
    expect(tables.whenCommitted()).toBeUndefined();
    storage.notes.put(5, 'loose');
    const committed = tables.whenCommitted();
    expect(committed).toBeInstanceOf(Promise);
    expect(onDisk(dir, 'notes', 5)).toBeUndefined();
    await committed;
    expect(onDisk(dir, 'notes', 5)).toBe('loose');
    await tables.close();
  });

  it("writes a log's changes after the request's commit, never holding up the request that made them", async () => {
    const dir = folder();
    // A flush far off, so that nothing but the commit can have written by the time the request resolves.
    const tables = DurableTables.open(dir, { logFlushMs: 60_000 });
    const storage = storageOver(tables);
    await tables.whenCommitted();
    const decision = { atUs: 1, userId: 1, username: 'alice', via: 'session', operation: 'read notes', object: 'notes/1', objectId: 1, decision: 'allow', reason: 'owner', status: 200 } as const;
    await tables.serve(() => {
      storage.notes.put(1, 'record');
      storage.audit.record(decision);
    });
    expect(onDisk(dir, 'notes', 1)).toBe('record');
    expect(onDisk(dir, 'audit', 0)).toBeUndefined();
    await tables.close();
    expect(onDisk(dir, 'audit', 0)).toEqual([decision]);
  });

  it("writes a log's changes on its own, within moments, with the server's flush interval", async () => {
    const dir = folder();
    const tables = DurableTables.open(dir);
    const storage = storageOver(tables);
    await tables.whenCommitted();
    const decision = { atUs: 2, userId: 2, username: 'bob', via: 'session', operation: 'read notes', object: 'notes/2', objectId: 2, decision: 'deny', reason: 'not the owner', status: 403 } as const;
    await tables.serve(() => {
      storage.audit.record(decision);
    });
    // The flush comes 10 ms later; on a loaded machine a timer can be late, so wait for it rather than 50 ms.
    await vi.waitFor(() => expect(onDisk(dir, 'audit', 0)).toEqual([decision]), { timeout: 30_000, interval: 10 });
    await tables.close();
  });

  it('says which folder it cannot use, and why', () => {
    const file = join(folder(), 'a-file');
    writeFileSync(file, 'not a folder');
    expect(() => DurableTables.open(file)).toThrow(`cannot keep the data in ${file}: EEXIST`);
  });

  it('refuses a data folder of another schema version rather than misread it', async () => {
    const dir = folder();
    const root = open({ path: dir, maxDbs: 32 });
    await root.openDB({ name: 'meta' }).put('schema-version', 99);
    await root.close();
    expect(() => DurableTables.open(dir)).toThrow(`${dir} holds data of schema version 99; this apisim reads version 1`);
  });

  describe('a commit the disk refuses (a full disk)', () => {
    it('keeps nothing of the request, in memory or on disk, and the next commit goes through', async () => {
      const dir = folder();
      const { tables, refuse } = refusingTables(dir);
      const storage = storageOver(tables);
      const kept = await tables.serve(() => [storage.notes.add('first'), storage.notes.add('second')]);
      const before = storage.notes.snapshot();
      const users = storage.users.snapshot();
      refuse(1);
      const refusedWrite = tables.serve(() => {
        const ticket = storage.idempotency.claim('alice', 'k1', 'fp');
        if (ticket.outcome !== 'claimed') throw new Error('expected a fresh claim');
        const note = storage.notes.add('not kept');
        storage.notes.delete(kept[0]!.id);
        storage.users.delete(users[0]!.id);
        storage.idempotency.complete(ticket.record, { status: 201, headers: {}, body: '{}', bodyBytes: 2 });
        return note.id;
      });
      await expect(refusedWrite).rejects.toBeInstanceOf(StorageRefused);
      // Memory is the disk again: the new note gone, the deleted one back in its place, the key free to run again.
      expect(storage.notes.snapshot()).toEqual(before);
      // In its place: a listing walks the users' map in its order.
      expect(storage.users.snapshot()).toEqual(users);
      expect(storage.idempotency.get('alice', 'k1')).toBeUndefined();
      const again = await tables.serve(() => storage.notes.add('kept').id);
      expect(onDisk(dir, 'notes', again)).toBe('kept');
      // An id once handed out is not handed out again, so nothing that remembers the refused one can meet it.
      expect(again).toBe(kept[1]!.id + 2);
      await tables.close();
    });

    it("leaves a record to a running request that changed it since, whose value is the later one", async () => {
      const dir = folder();
      const { tables, refuse } = refusingTables(dir);
      const storage = storageOver(tables);
      await tables.whenCommitted();
      let finishSecond!: () => void;
      refuse(1);
      const first = tables.serve(() => storage.notes.put(1, 'first'));
      const second = tables.serve(async () => {
        storage.notes.put(1, 'second');
        await new Promise<void>((resolve) => (finishSecond = resolve));
      });
      await expect(first).rejects.toBeInstanceOf(StorageRefused);
      expect(storage.notes.get(1)?.content).toBe('second');
      finishSecond();
      await second;
      expect(onDisk(dir, 'notes', 1)).toBe('second');
      await tables.close();
    });

    it("rebuilds what a store derives: a refused post is in no author's list, and the next one is", async () => {
      const dir = folder();
      const { tables, refuse } = refusingTables(dir);
      const storage = storageOver(tables);
      await tables.whenCommitted();
      const page = { limit: 10 } as const;
      const listed = storage.posts.postsByAuthor(2, page).items.map((p) => p.id);
      refuse(1);
      await expect(tables.serve(() => storage.posts.addPost(2, 'refused'))).rejects.toBeInstanceOf(StorageRefused);
      expect(storage.posts.postsByAuthor(2, page).items.map((p) => p.id)).toEqual(listed);
      const kept = await tables.serve(() => storage.posts.addPost(2, 'kept'));
      expect(storage.posts.postsByAuthor(2, page).items[0]).toEqual(kept);
      await tables.close();
    });

    it('a change outside any request is undone and its waiter told; nobody waiting is no crash', async () => {
      const dir = folder();
      const { tables, refuse } = refusingTables(dir);
      const storage = storageOver(tables);
      await tables.whenCommitted();
      refuse(2);
      storage.notes.put(5, 'told');
      await expect(tables.whenCommitted()).rejects.toBeInstanceOf(StorageRefused);
      expect(storage.notes.get(5)).toBeUndefined();
      // A rejection nobody handles would fail this test (vitest reports it) and end a server.
      storage.notes.put(6, 'untold');
      await vi.waitFor(() => expect(storage.notes.get(6)).toBeUndefined(), { timeout: 30_000, interval: 5 });
      await tables.close();
    });

    it("keeps a refused log flush's records for the next flush, and never ends the process for it", async () => {
      const dir = folder();
      const { tables, refuse, refused } = refusingTables(dir);
      const storage = storageOver(tables);
      await tables.whenCommitted();
      const decision = { atUs: 2, userId: 2, username: 'bob', via: 'session', operation: 'read notes', object: 'notes/2', objectId: 2, decision: 'deny', reason: 'not the owner', status: 403 } as const;
      refuse(1);
      storage.audit.record(decision);
      await vi.waitFor(() => expect(refused()).toBe(1), { timeout: 30_000, interval: 5 });
      // Nothing more is recorded, so only the kept keys can bring it to disk, on the way out.
      await tables.close();
      expect(onDisk(dir, 'audit', 0)).toEqual([decision]);
    });
  });
});
