import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { SweepJob } from './sweep-job.js';

/**
 * Whether a job runs code of the user's: the app a scenario file may name, or the module a target's config is.
 * Such code imports `apisim` from source and is placed by its files (the virtual world tells the app's frames
 * from its own by their paths), so its worker must load apisim file by file, as the main thread did.
 */
export function loadsUserCode(job: SweepJob): boolean {
  return job.kind === 'file' || (job.kind === 'principle' && job.config !== undefined);
}

/** Beside the packages the build leaves out (so Node finds them as it finds ours), and git-ignored. */
const buildFolder = new URL('../../node_modules/.cache/apisim-sweep/', import.meta.url);

/** This process's build, made for its first pool and deleted as the process exits; undefined when it failed. */
let built: { readonly url: string | undefined } | undefined;

/**
 * The sweep's worker and everything of apisim it imports, built into one ES module by esbuild (tsx's own) in
 * a few hundred milliseconds, once per process, before any thread starts. A thread then loads one file of
 * JavaScript instead of tsx plus some hundreds of TypeScript files through a loader: 0.8 s of CPU to its first
 * seed instead of 1.7 s (docs/sweeps.md, "Speed"). Packages stay outside the build, each loaded as Node loads
 * it. Undefined when the build cannot be made: the pool then starts from source, slower, with the same results.
 */
export function builtWorkerUrl(): string | undefined {
  built ??= { url: buildWorker() };
  return built.url;
}

function buildWorker(): string | undefined {
  // The process id keeps two sweeps from one checkout, at once, off each other's file.
  const file = new URL(`sweep-worker-${process.pid}.mjs`, buildFolder);
  try {
    const esbuild = createRequire(import.meta.resolve('tsx/esm/api'))('esbuild') as typeof import('esbuild');
    const output = esbuild.buildSync({
      entryPoints: [fileURLToPath(new URL('./sweep-worker.ts', import.meta.url))],
      bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', conditions: ['apisim-source'], write: false, logLevel: 'silent',
    });
    mkdirSync(buildFolder, { recursive: true });
    writeFileSync(file, output.outputFiles[0]!.contents);
  } catch {
    return undefined;
  }
  process.once('exit', () => rmSync(file, { force: true }));
  return file.href;
}
