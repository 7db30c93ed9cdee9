import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOriginStorage } from '../../src/origin-storage.js';
import { defaultOriginSettings } from '../../src/origin.js';
import { DataFolderRefused } from './data-folder.js';
import { DurableTables } from './durable-tables.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const mib = 1024 * 1024;

/** A folder holding 100 notes of 20,000 characters: about 2 MiB stored. */
async function folderOfNotes(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'apisim-heap-fit-'));
  folders.push(dir);
  const tables = DurableTables.open(dir);
  const storage = createOriginStorage(() => 0, () => 'id', defaultOriginSettings, tables);
  await tables.serve(() => {
    for (let i = 0; i < 100; i++) storage.notes.add(`${i}:${'n'.repeat(20_000)}`, 1 + (i % 4));
  });
  await tables.close();
  return dir;
}

describe('a data folder judged against the heap before it is loaded', () => {
  it('refuses a folder whose data would not fit, naming the heap to give node, and leaves the folder free', async () => {
    const dir = await folderOfNotes();
    const open = (limitMib: number) => DurableTables.open(dir, { heap: { limitBytes: limitMib * mib, usedBytes: 0 } });
    let refusal: unknown;
    try {
      open(2);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderRefused);
    // About 2 MiB stored and 2.1 needed: 2.1 / 0.9, rounded up to 64 MiB.
    expect((refusal as Error).message).toMatch(/\(2 MiB in \d+ records\) needs about 3 MiB of heap to load, and node may use 2 MiB here\. Start node with --max-old-space-size=64 \(npm start: NODE_OPTIONS=--max-old-space-size=64 npm start\)\./);
    const tables = open(3);
    expect(createOriginStorage(() => 0, () => 'id', defaultOriginSettings, tables).notes.size).toBe(100);
    await tables.close();
  });

  it('counts what is in use already: the same folder fits an empty heap and not a full one', async () => {
    const dir = await folderOfNotes();
    expect(() => DurableTables.open(dir, { heap: { limitBytes: 64 * mib, usedBytes: 56 * mib } })).toThrow(DataFolderRefused);
    await DurableTables.open(dir, { heap: { limitBytes: 64 * mib, usedBytes: 0 } }).close();
  });
});
