import type { Worker } from 'node:worker_threads';
import { startedBy } from './real-work.js';

/** The app did something whose timing or randomness the virtual world cannot reach. */
export class NotVirtualError extends Error {
  override readonly name = 'NotVirtualError';
}

/**
 * Stands in for `worker_threads.Worker` while the world is lent. A worker thread has its own event loop and
 * its own clocks: its messages come back at real times. So it is refused, unless the module loader starts
 * it: tsx compiles a file the app reaches by a lazy `import()` (NestJS loads its HTTP platform so) with
 * esbuild's `transformSync`, whose worker answers each call before the call returns (the caller blocks on
 * `Atomics.wait`), so nothing of it lands at a real time; loading code is the loader's work, not the app's.
 */
export function workerForTheLoaderOnly(RealWorker: typeof Worker): typeof Worker {
  function LoadersWorker(...args: ConstructorParameters<typeof Worker>): Worker {
    if (startedBy() !== 'loader') {
      throw new NotVirtualError(
        'the app started a worker thread: it runs on its own event loop and real clocks, outside the virtual world, so its answers come at real times (docs/guest-world.md); run that work in the main thread, or stub it',
      );
    }
    return new RealWorker(...args);
  }
  return LoadersWorker as unknown as typeof Worker;
}

/** The npm package a native addon's file is in: the last `node_modules/<name>` (or `@scope/<name>`) of its path. */
export function addonPackage(filename: string): string | undefined {
  const found = [...filename.matchAll(/[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/g)].at(-1)?.[1];
  return found?.replace('\\', '/');
}

/**
 * Stands in for `process.dlopen` while the world is lent. A native addon reads the real clock and the real
 * random sources below JavaScript, and may finish its work on threads of its own, so it is refused, unless
 * its package is one the app names in `allowed`: an addon whose every call does its work before it returns
 * (better-sqlite3) has nothing to land at a real time. The app vouches for that; the world cannot see it.
 */
export function dlopenAllowing(allowed: readonly string[], realDlopen: typeof process.dlopen): typeof process.dlopen {
  return (module, filename, flags) => {
    const name = addonPackage(filename);
    if (name !== undefined && allowed.includes(name)) {
      if (flags === undefined) realDlopen(module, filename);
      else realDlopen(module, filename, flags);
      return;
    }
    const allow = name === undefined ? '' : `; if each of its calls finishes its work before it returns (better-sqlite3's do), allow it by name: "allowNativeAddons": ["${name}"] beside the app's module`;
    throw new NotVirtualError(
      `the app loaded a native addon (${filename}): its clocks, randomness and threads are below JavaScript, out of the virtual world's reach (docs/guest-world.md); use a pure JavaScript package instead${allow}`,
    );
  };
}
