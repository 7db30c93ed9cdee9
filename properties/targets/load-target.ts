import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importModule } from '../../sim/host/app-module/module-import.js';
import { parseTarget, TargetError } from './define-target.js';
import type { Target } from './target.js';

/** A target as its config file declares it, and where that file is (an app module is relative to it). */
export interface LoadedTarget {
  readonly target: Target;
  /** Absolute path of the config file. */
  readonly file: string;
}

/** Imports `apisim.config.ts` (or any module whose default export is a target) and checks what it declares. */
export async function loadTarget(configFile: string | URL): Promise<LoadedTarget> {
  const file = configFile instanceof URL ? configFile.pathname : resolve(configFile);
  if (!(await stat(file).then((s) => s.isFile(), () => false))) throw new TargetError(`no target config at ${file}`);
  let loaded: { default?: unknown };
  try {
    loaded = await importModule(pathToFileURL(file).href);
  } catch (error) {
    throw new TargetError(`importing ${file} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (loaded.default === undefined) throw new TargetError(`${file} has no default export: write export default defineTarget({ ... })`);
  return { target: parseTarget(loaded.default, file), file };
}
