import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderRefused } from './data-folder.js';
import { DurableTables } from './durable-tables.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder whose name has a dot, as `mktemp -d` names one. */
function dotted(): string {
  const parent = mkdtempSync(join(tmpdir(), 'apisim-data-'));
  folders.push(parent);
  return join(parent, 'tmp.x1y2');
}

async function filled(dir: string): Promise<void> {
  const tables = DurableTables.open(dir);
  const notes = tables.map<number, string>('notes');
  await tables.serve(() => {
    for (let i = 0; i < 400; i++) notes.set(i, 'x'.repeat(200));
  });
  await tables.close();
}

describe('a data folder', () => {
  it('may have a dot in its name: it is a folder like any other, and comes back as it was left', async () => {
    const dir = dotted();
    await filled(dir);
    const again = DurableTables.open(dir);
    expect(again.fresh).toBe(false);
    expect(again.map<number, string>('notes').size).toBe(400);
    await again.close();
  });

  it('serves one server at a time: a second is refused while the first lives, naming its process, and starts once it is gone', async () => {
    const dir = dotted();
    mkdirSync(dir, { recursive: true });
    // Another live process holds the lock: init, which every machine runs.
    writeFileSync(join(dir, 'apisim.lock'), '1');
    expect(() => DurableTables.open(dir)).toThrow(new DataFolderRefused(`${dir} is in use by another apisim server, process 1 (${join(dir, 'apisim.lock')}): stop it first, or give this one another --data folder`));
    // A process id past Linux's largest (2^22): no process has it, as none has a killed server's.
    writeFileSync(join(dir, 'apisim.lock'), String(2 ** 22 + 1));
    // The holder died without removing its lock, as a killed server does: the folder is taken over.
    const tables = DurableTables.open(dir);
    expect(readFileSync(join(dir, 'apisim.lock'), 'utf8')).toBe(String(process.pid));
    await tables.close();
    expect(() => readFileSync(join(dir, 'apisim.lock'))).toThrow(/ENOENT/);
  });

  it('refuses a folder holding files that are not apisim\'s, unless it is empty', () => {
    const dir = dotted();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(() => DurableTables.open(dir)).toThrow(/holds files that are not apisim's \(notes\.txt\): give --data an empty folder, or one an apisim server made/);
  });

  it('refuses a data file that is not LMDB\'s, or is cut short, with a message instead of a segmentation fault', async () => {
    const random = dotted();
    mkdirSync(random, { recursive: true });
    writeFileSync(join(random, 'data.mdb'), Buffer.alloc(65_536, 0x5a));
    expect(() => DurableTables.open(random)).toThrow(/data\.mdb is not a data file apisim can read \(meta page 0 has no LMDB magic number\)/);

    const cut = dotted();
    await filled(cut);
    truncateSync(join(cut, 'data.mdb'), 3 * 4096);
    expect(() => DurableTables.open(cut)).toThrow(/data\.mdb is not a data file apisim can read \(12288 bytes, where its last page in use ends at \d+: the file was cut short\)/);
    // Refused before anything was taken: the folder is free for the next try.
    expect(() => readFileSync(join(cut, 'apisim.lock'))).toThrow(/ENOENT/);
  });
});
