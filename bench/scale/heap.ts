import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full collection before each heap reading, so the number is what the run keeps alive, not garbage that
 * happened not to be collected yet. `node --expose-gc` (what `npm run bench` runs) provides `gc`; without it,
 * the flag is set at run time and `gc` taken from a fresh context, which V8 allows.
 */
function garbageCollector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const collect = garbageCollector();

/** Heap in use after a full collection, in MiB. */
export function settledHeapMb(): number {
  collect();
  collect(); // a second pass frees what the first one's finalizers released
  return process.memoryUsage().heapUsed / 2 ** 20;
}
