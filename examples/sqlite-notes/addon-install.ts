import { execFile } from 'node:child_process';
import { accessSync, constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * better-sqlite3 for this example, installed apart from the repository's packages. Its install script
 * fetches a prebuilt binary from GitHub and, where it cannot (as on CI here), compiles SQLite from source:
 * minutes on two cores, at every `npm ci` of a clean clone, for one example (docs/decisions/dependencies.md).
 * So `addon-package/` pins it with a lockfile of its own, and the tests that run the example install it,
 * once per machine, into a cache folder outside the clone, and link this folder's `node_modules` to it.
 */

const example = fileURLToPath(new URL('.', import.meta.url));
const addonPackage = join(example, 'addon-package');
/** A Node of another ABI needs another build. */
const cache = join(process.env.APISIM_CACHE ?? join(homedir(), '.cache', 'apisim'), `sqlite-notes-addon-abi${process.versions.modules}`);
const addonFile = (folder: string) => join(folder, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

/** Ready to load, or why the example cannot run here. */
export type AddonInstall = { readonly ready: true; readonly where: string } | { readonly ready: false; readonly why: string };

/** What compiling better-sqlite3 needs (node-gyp: a C++ compiler, make and Python), missing from PATH. */
function missingTools(): string[] {
  const onPath = (name: string) =>
    (process.env.PATH ?? '').split(delimiter).some((dir) => {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  return [['c++', 'g++'], ['make'], ['python3']].filter((names) => !names.some(onPath)).map((names) => names[0]!);
}

/** The better-sqlite3 this example's modules import, if it is there and built, found without loading it. */
function builtWhereNodeFinds(): string | undefined {
  try {
    const where = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
    return existsSync(join(where, 'build', 'Release', 'better_sqlite3.node')) ? where : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes better-sqlite3 loadable from this example: already built (in the cache, or the repository's own
 * node_modules where a user installed it), or built now with `npm ci` in the cache folder. Does not load
 * the addon, so that a run's world is the first to see it loaded.
 */
export async function installAddon(): Promise<AddonInstall> {
  const found = builtWhereNodeFinds();
  if (found !== undefined) return { ready: true, where: found };
  const missing = existsSync(addonFile(cache)) ? [] : missingTools();
  if (missing.length > 0) return { ready: false, why: `better-sqlite3 is not built here and cannot be: no ${missing.join(', ')} on PATH to compile it (docs/databases.md)` };
  // The test files that need it start at once: one builds, the others wait for it rather than build again.
  return underLock(async () => {
    const built = builtWhereNodeFinds();
    if (built !== undefined) return { ready: true, where: built };
    if (!existsSync(addonFile(cache))) {
      // Built beside the cache folder and renamed into place: a build cut short is never taken for one.
      const building = mkdtempSync(`${cache}-building-`);
      try {
        for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(addonPackage, file), join(building, file));
        await promisify(execFile)('npm', ['ci', '--no-audit', '--no-fund'], { cwd: building, maxBuffer: 16 * 1024 * 1024 });
        renameSync(building, cache);
      } catch (error) {
        return { ready: false, why: `installing better-sqlite3 failed: ${String(error).split('\n')[0]}` };
      } finally {
        rmSync(building, { recursive: true, force: true });
      }
    }
    const link = join(example, 'node_modules');
    rmSync(link, { force: true });
    symlinkSync(join(cache, 'node_modules'), link, 'dir');
    return { ready: true, where: cache };
  });
}

/** Runs `work` holding a lock folder beside the cache; a lock older than the longest build is taken over. */
async function underLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = `${cache}.lock`;
  mkdirSync(join(cache, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ageMs = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (ageMs > 30 * 60_000) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
