import v8 from 'node:v8';
import type { RootDatabase } from 'lmdb';
import { oldSpaceLimitBytes } from '../heap-budget.js';
import { DataFolderRefused } from './data-folder.js';

/**
 * What a record costs in the heap beyond its stored bytes: its object, its map entry and what the stores
 * derive from it. Measured on 60,000 small records (users, their creators, comments): about 100 bytes each,
 * rounded up; a folder of large notes takes its stored bytes and little more.
 */
const heapBytesPerRecord = 128;

/**
 * The share of the heap limit a folder may need at start. Above the running server's budget (0.8 by
 * default, `server/heap-budget.ts`): what the process held while under the budget was written by it, so a
 * folder that fit once passes with a margin for the estimate.
 */
const loadFraction = 0.9;

export interface HeapFigures {
  /** The old generation's limit (`--max-old-space-size`), where every record ends up, and what is in use before the data is loaded. */
  readonly limitBytes: number;
  readonly usedBytes: number;
}

/** The estimate of what loading the data in `root` adds to the heap: its stored bytes and a cost per record. */
export function heapToLoad(root: RootDatabase): { readonly storedBytes: number; readonly records: number; readonly heapBytes: number } {
  let storedBytes = 0;
  let records = 0;
  // The root's keys are the names of the tables; each table's page counts are in its own statistics.
  for (const name of root.getKeys()) {
    const stats = root.openDB({ name: String(name) }).getStats() as { pageSize: number; treeBranchPageCount: number; treeLeafPageCount: number; overflowPages: number; entryCount: number };
    storedBytes += (stats.treeBranchPageCount + stats.treeLeafPageCount + stats.overflowPages) * stats.pageSize;
    records += stats.entryCount;
  }
  return { storedBytes, records, heapBytes: storedBytes + records * heapBytesPerRecord };
}

/**
 * Refuses, before anything is loaded, a folder whose data would not fit the heap: the whole of it is loaded
 * at start, and a server that ran out of heap while loading died with V8's "heap out of memory" and exit
 * 134, again at every restart. The message says how much heap to give node.
 */
export function checkDataFitsHeap(root: RootDatabase, dir: string, heap: HeapFigures = currentHeap()): void {
  const load = heapToLoad(root);
  const neededBytes = heap.usedBytes + load.heapBytes;
  if (neededBytes <= heap.limitBytes * loadFraction) return;
  const suggestedMib = Math.ceil(neededBytes / loadFraction / mib / 64) * 64;
  throw new DataFolderRefused(
    `the data in ${dir} (${Math.ceil(load.storedBytes / mib)} MiB in ${load.records} records) needs about ${Math.ceil(neededBytes / mib)} MiB of heap to load, ` +
      `and node may use ${Math.floor(heap.limitBytes / mib)} MiB here. Start node with --max-old-space-size=${suggestedMib} (npm start: NODE_OPTIONS=--max-old-space-size=${suggestedMib} npm start).`,
  );
}

const mib = 1024 * 1024;

function currentHeap(): HeapFigures {
  return { limitBytes: oldSpaceLimitBytes(), usedBytes: v8.getHeapStatistics().used_heap_size };
}
