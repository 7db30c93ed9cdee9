import Tinypool from 'tinypool';
import runBatch, { type BatchResult, type SeedBatch } from './sweep-worker.js';

/** Where batches run: worker threads (tinypool, vitest's own pool), or this thread, for tests and one-seed runs. */
export interface BatchRunner {
  run(batch: SeedBatch): Promise<BatchResult>;
  close(): Promise<void>;
}

export function inProcessRunner(): BatchRunner {
  return { run: runBatch, close: () => Promise.resolve() };
}

export function threadRunner(workers: number): BatchRunner {
  // Two tasks per thread: the worker runs them one after the other (`sweep-worker.ts`), and holds the second
  // so that it never waits for the main thread to hand it the next.
  const pool = new Tinypool({ filename: workerEntry(), minThreads: workers, maxThreads: workers, idleTimeout: 60_000, concurrentTasksPerWorker: 2 });
  return {
    run: (batch) => pool.run(batch) as Promise<BatchResult>,
    close: () => pool.destroy(),
  };
}

/**
 * The module a worker thread starts from. Compiled (an installed package), the worker's own file. From source
 * (tsx), a worker thread does not inherit tsx's loader on Node 20, so its entry registers tsx before it imports
 * the TypeScript worker: a module written inline, as tinypool takes any URL it can import.
 */
function workerEntry(): string {
  const here = import.meta.url;
  if (here.endsWith('.js')) return new URL('./sweep-worker.js', here).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./sweep-worker.ts', here).href;
  const source = `const { register } = await import(${JSON.stringify(tsx)}); register(); export default (await import(${JSON.stringify(worker)})).default;`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}
