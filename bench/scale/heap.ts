import { collectGarbage } from '../collect-garbage.js';

/**
 * Heap in use after a full collection, in MiB: what the run keeps alive, not garbage that happened not to be
 * collected yet.
 */
export function settledHeapMb(): number {
  collectGarbage();
  collectGarbage(); // a second pass frees what the first one's finalizers released
  return process.memoryUsage().heapUsed / 2 ** 20;
}
