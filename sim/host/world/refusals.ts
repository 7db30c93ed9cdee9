/** The app did something whose timing or randomness the virtual world cannot reach. */
export class NotVirtualError extends Error {
  override readonly name = 'NotVirtualError';
}

/**
 * Stands in for `worker_threads.Worker` while the world is lent. A worker thread has its own event loop and
 * its own clocks: its messages come back at real times.
 */
export function RefusedWorker(): never {
  throw new NotVirtualError(
    'the app started a worker thread: it runs on its own event loop and real clocks, outside the virtual world, so its answers come at real times (docs/guest-world.md); run that work in the main thread, or stub it',
  );
}

/**
 * Stands in for `process.dlopen` while the world is lent: a native addon reads the real clock and the real
 * random sources below JavaScript, and may finish its work on threads of its own.
 */
export function refusedDlopen(_module: unknown, filename: unknown): never {
  throw new NotVirtualError(
    `the app loaded a native addon (${String(filename)}): its clocks, randomness and threads are below JavaScript, out of the virtual world's reach (docs/guest-world.md); use a pure JavaScript package instead`,
  );
}
