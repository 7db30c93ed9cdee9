import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterEach, describe, expect, it } from 'vitest';
import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import { NotesStore } from '../../src/notes/store.js';
import { committedFirst } from './committed-peer.js';
import { DurableTables } from './durable-tables.js';
import { refusingTables } from './test-kit.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Tables over a new folder, a notes store on them, and a peer that records what the note said on disk as each message left. */
async function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'apisim-peer-'));
  folders.push(dir);
  const tables = DurableTables.open(dir);
  const notes = new NotesStore(tables);
  await tables.whenCommitted();
  const sent: { readonly text: string; readonly onDisk: unknown }[] = [];
  const wire: SocketPeer = {
    send: (text) => sent.push({ text, onDisk: onDisk(dir) }),
    close: () => undefined,
  };
  return { tables, notes, sent, peer: committedFirst(wire, tables) };
}

function onDisk(dir: string): unknown {
  const root = open({ path: dir, maxDbs: 32, readOnly: true });
  try {
    return root.openDB({ name: 'notes' }).get(1);
  } finally {
    void root.close();
  }
}

const message = { type: 'next', id: '1', payload: {} } as const;

describe('committedFirst', () => {
  it("holds a push a request makes until that request's changes are on disk", async () => {
    const { tables, notes, sent, peer } = await setUp();
    await tables.serve(async () => {
      notes.put(1, 'pushed');
      peer.send('push', message);
      await Promise.resolve();
      expect(sent).toEqual([]);
    });
    await Promise.resolve();
    expect(sent).toEqual([{ text: 'push', onDisk: 'pushed' }]);
    await tables.close();
  });

  it('holds a message after a change outside any request until that change is on disk', async () => {
    const { tables, notes, sent, peer } = await setUp();
    notes.put(1, 'loose');
    peer.send('answer', message);
    expect(sent).toEqual([]);
    await tables.whenCommitted();
    await Promise.resolve();
    expect(sent).toEqual([{ text: 'answer', onDisk: 'loose' }]);
    await tables.close();
  });

  it('sends at once when nothing waits, and keeps the order when something does', async () => {
    const { tables, notes, sent, peer } = await setUp();
    peer.send('first', message);
    expect(sent.map((m) => m.text)).toEqual(['first']);
    notes.put(1, 'x');
    peer.send('second', message);
    await tables.whenCommitted();
    peer.send('third', message);
    expect(sent.map((m) => m.text)).toEqual(['first']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.map((m) => m.text)).toEqual(['first', 'second', 'third']);
    await tables.close();
  });

  it('closes with 1011 instead of telling of a change the disk refused, and sends nothing after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apisim-peer-'));
    folders.push(dir);
    const { tables, refuse } = refusingTables(dir);
    const notes = new NotesStore(tables);
    await tables.whenCommitted();
    const heard: string[] = [];
    const peer = committedFirst({ send: (text) => heard.push(text), close: (code) => heard.push(`close ${code}`) }, tables);
    refuse(1);
    notes.put(1, 'refused');
    peer.send('answer', message);
    peer.send('later', message);
    await tables.whenCommitted()?.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['close 1011']);
    await tables.close();
  });
});
