import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full collection, now. `node --expose-gc` (what `npm run bench` runs) provides `gc`; without it, the flag
 * is set at run time and `gc` taken from a fresh context, which V8 allows.
 */
function garbageCollector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export const collectGarbage = garbageCollector();
