import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A data folder `npm start --data` can be handed without harm: one server at a time, apisim's files only,
 * and a data file LMDB can read. Each refusal says what to do; none is a crash.
 */
export class DataFolderRefused extends Error {
  override readonly name = 'DataFolderRefused';
}

/** The files an apisim data folder holds: LMDB's data and lock files, and the server's own lock. */
const lockName = 'apisim.lock';
const ours = new Set(['data.mdb', 'lock.mdb', lockName]);

/**
 * Claims `dir` for this process, creating it when absent: refused while another live process holds it (two
 * servers on one folder each keep their own counters in memory and overwrite each other's acknowledged
 * writes), and when it holds files that are not apisim's, unless it is empty. A lock left by a process that
 * is gone (killed, the machine restarted) is taken over. Returns the release, for a clean close.
 */
export function claimDataFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const foreign = readdirSync(dir).filter((name) => !ours.has(name));
  if (foreign.length > 0) {
    throw new DataFolderRefused(`${dir} holds files that are not apisim's (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}): give --data an empty folder, or one an apisim server made`);
  }
  const lock = join(dir, lockName);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lock, 'utf8').trim());
    // This process may take its own folder again: a test that abandons a handle, as a crash would, reopens it.
    if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new DataFolderRefused(`${dir} is in use by another apisim server, process ${holder} (${lock}): stop it first, or give this one another --data folder`);
    }
    rmSync(lock, { force: true });
  }
  throw new DataFolderRefused(`${dir}: could not take ${lock}; another server is starting on the folder at the same moment`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** LMDB's meta pages (lmdb-js 3.x, LMDB 0.9.9x): the magic number, and where a meta page keeps what is checked. */
const metaMagic = 0xbeefc0de;
const metaAt = { magic: 24, pageSize: 48, lastPage: 144, txnId: 152 } as const;

/**
 * Checks `data.mdb` before LMDB maps it: a file that is not LMDB's, or is shorter than its own meta page
 * says, makes LMDB read past the map and the process die of a segmentation fault with no message. Both meta
 * pages must carry LMDB's magic number; the newer one names the last page in use, which must be in the file.
 */
export function checkDataFile(dir: string): void {
  const file = join(dir, 'data.mdb');
  if (!existsSync(file)) return;
  const size = statSync(file).size;
  const refuse = (why: string): never => {
    throw new DataFolderRefused(`${file} is not a data file apisim can read (${why}): it may be damaged or another program's. Move it away and start on an empty folder, or restore it from a copy`);
  };
  if (size === 0) return refuse('it is empty');
  const head = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  try {
    const metas: { readonly pageSize: number; readonly lastPage: bigint; readonly txnId: bigint }[] = [];
    for (let page = 0; page < 2; page++) {
      const offset = page === 0 ? 0 : metas[0]?.pageSize ?? 4096;
      if (readSync(fd, head, 0, 256, offset) < 256) return refuse(`${size} bytes, shorter than its two meta pages`);
      if (head.readUInt32LE(metaAt.magic) !== metaMagic) return refuse(`meta page ${page} has no LMDB magic number`);
      const pageSize = head.readUInt32LE(metaAt.pageSize);
      if (pageSize < 512 || pageSize > 65_536 || (pageSize & (pageSize - 1)) !== 0) return refuse(`meta page ${page} names a page size of ${pageSize}`);
      metas.push({ pageSize, lastPage: head.readBigUInt64LE(metaAt.lastPage), txnId: head.readBigUInt64LE(metaAt.txnId) });
    }
    const newer = metas[0]!.txnId >= metas[1]!.txnId ? metas[0]! : metas[1]!;
    const needed = (newer.lastPage + 1n) * BigInt(newer.pageSize);
    if (BigInt(size) < needed) refuse(`${size} bytes, where its last page in use ends at ${needed}: the file was cut short`);
  } finally {
    closeSync(fd);
  }
}
