import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppOutputLog } from '../../scenario/guest-origin.js';
import type { AppModuleSpec } from '../../scenario/vocabulary.js';
import type { AdaptedApp, AdapterOptions } from '../adapters/adapted-app.js';
import { fetchOrigin } from '../adapters/fetch-origin.js';
import { listenerOrigin, type RequestListener } from '../adapters/listener-origin.js';
import { keepingOutput } from '../world/app-output.js';
import type { GuestApp } from '../world/world-origin.js';
import { AppModuleError, firstLine } from './app-module-error.js';
import { appShape, type AppShape, whatAnAppIs } from './app-shape.js';
import { routeHandlers } from './route-handlers.js';
import { importModule as importModuleFile } from './module-import.js';
import { valueText } from './value-text.js';

const require = createRequire(import.meta.url);

type Namespace = Readonly<Record<string, unknown>>;

/** An app as a run serves it: what the export or the factory gave, told, and never a factory again. */
type BuiltApp = Exclude<AppShape, { kind: 'none' | 'factory' }>;

/** One run's app: the adapter the simulator calls, and the module's `state` and `restart` bound to this run's app. */
export interface ModuleOrigin extends AdaptedApp {
  readonly reportState: () => unknown;
  /** The module's `restart(app)` called with this app, and its answer adapted; undefined when the module has none. */
  readonly restarted: (() => Promise<ModuleOrigin>) | undefined;
}

/** The app a scenario file names, loaded and checked, ready to be built once per run. */
export interface AppModule {
  /** The module as the scenario file wrote it, and where that is. */
  readonly module: string;
  readonly path: string;
  readonly exportName: string;
  /** A factory builds a fresh app per run; an app instance is imported afresh for each run instead. */
  readonly factory: boolean;
  /** The module exports `restart(app)`, so a run on it may crash the app (docs/guest-world.md, "Crashes: the restart hook"). */
  readonly restarts: boolean;
  /** What the module wrote while it was first imported, before any run, kept out of apisim's output as a run's is. */
  readonly loadOutput: AppOutputLog;
  /** What `runGuestScenario` takes: `app` builds this run's, `state` is there when the module exports one. */
  readonly guest: GuestApp<ModuleOrigin>;
}

export interface AppModuleOptions extends AdapterOptions {
  /** Told once, on the second run, when the export is an app instance rather than a factory. */
  readonly onNote?: (note: string) => void;
}

/** Distinct URLs for fresh imports, over the whole process: a module is evaluated once per URL. */
let freshImports = 0;

/**
 * Loads the module a scenario file names as its origin (docs/guest-world.md, "Naming your app in a scenario
 * file"): `module` relative to the file's folder, imported once here, outside any virtual world, so that what
 * it imports (a framework that keeps the real `setImmediate`, say) is loaded with the real globals and shared
 * by every run. Each problem is an `AppModuleError` that says precisely what is wrong.
 *
 * Each run then builds its app inside its own world: a factory is called; an app instance is imported afresh
 * (`?apisim-run=N`), so that its top level, which builds it, runs in virtual time and nothing of the last
 * run's app is left in it. Only that one module is evaluated again: the modules it imports are shared.
 */
export async function loadAppModule(origin: AppModuleSpec, scenarioFile: string, options: AppModuleOptions = {}): Promise<AppModule> {
  const path = resolve(dirname(scenarioFile), origin.module);
  const found = await stat(path).then((s) => s.isFile(), () => false);
  if (!found) throw new AppModuleError(`the app module ${origin.module} was not found: no file at ${path}`);
  const where = `export "${origin.export}" of ${origin.module}`;
  const { value: loaded, output: loadOutput } = await keepingOutput(() => importModule(pathToFileURL(path).href, `importing ${origin.module} failed`));
  const exported = exportOf(loaded, origin);
  if (origin.options !== undefined && typeof exported !== 'function') {
    throw new AppModuleError(`${where} is ${valueText(exported)}, not a factory, so it cannot be given "options": export the function that builds the app from them (createApp(options))`);
  }
  const shape = appShape(exported, kindOf(origin, where));
  if (shape.kind === 'none') throw new AppModuleError(`${where} is not an app: it is ${shape.problem}. ${whatAnAppIs}`);
  const hasState = stateOf(loaded, origin) !== undefined;
  const hasRestart = restartOf(loaded, origin) !== undefined;
  const adapt = async (built: BuiltApp, ns: Namespace): Promise<ModuleOrigin> => {
    const adapted = built.kind === 'fetch' ? fetchOrigin(built.app, options) : listenerOrigin(await listenerOf(built, where), options);
    const state = stateOf(ns, origin);
    const reportState = (): unknown => {
      try {
        return state?.(built.app);
      } catch (error) {
        throw new AppModuleError(`state() of ${origin.module} threw: ${firstLine(error)}`);
      }
    };
    const restart = restartOf(ns, origin);
    const restarted = restart === undefined ? undefined : async (): Promise<ModuleOrigin> => adapt(await restartedApp(restart, built.app, origin), ns);
    return { handle: adapted.handle, reportState, restarted };
  };

  let runs = 0;
  let previous: Namespace = loaded;
  const app = async (): Promise<ModuleOrigin> => {
    runs++;
    if (shape.kind === 'factory') return adapt(await built(shape.build, origin.options, `the factory (${where})`), loaded);
    if (runs === 2) {
      options.onNote?.(
        `${where} is an app, not a factory: each run imports ${origin.module} afresh to build a new one, but the modules it imports ` +
          'are loaded once and shared by the runs; a factory that builds all of the app\'s state is the sure way (docs/guest-world.md)',
      );
    }
    const fresh = await importFresh(path, origin);
    if (fresh === previous) throw new AppModuleError(`${origin.module} could not be imported afresh for this run, so its app would carry the last run's state: export a factory instead`);
    previous = fresh;
    const again = appShape(exportOf(fresh, origin), kindOf(origin, where));
    if (again.kind === 'none' || again.kind === 'factory') throw new AppModuleError(`${where}, imported afresh for this run, is no longer the app it was when first loaded: it is ${again.kind === 'none' ? again.problem : 'a factory'}`);
    return adapt(again, fresh);
  };
  return {
    module: origin.module,
    path,
    exportName: origin.export,
    factory: shape.kind === 'factory',
    restarts: hasRestart,
    loadOutput,
    guest: { app, state: hasState ? (run) => run.reportState() : undefined, restart: hasRestart ? restartOfRun : undefined, allowNativeAddons: origin.allowNativeAddons },
  };
}

/** A run's app restarted: every app of a module that exports `restart` has one (`ModuleOrigin.restarted`). */
function restartOfRun(run: ModuleOrigin): Promise<ModuleOrigin> {
  if (run.restarted === undefined) throw new Error('unreachable: an app of a module with restart has restarted');
  return run.restarted();
}

async function importModule(url: string, failure: string): Promise<Namespace> {
  try {
    return await importModuleFile(url);
  } catch (error) {
    throw new AppModuleError(`${failure}: ${firstLine(error)}`);
  }
}

/** A new instance of the module: a URL it was never imported under, and, for CommonJS, out of require's cache. */
function importFresh(path: string, origin: AppModuleSpec): Promise<Namespace> {
  // tsx loads a `.ts` file outside a `"type": "module"` package as CommonJS, cached by path whatever the query.
  Reflect.deleteProperty(require.cache, path);
  freshImports++;
  return importModule(`${pathToFileURL(path).href}?apisim-run=${freshImports}`, `importing ${origin.module} afresh for this run failed`);
}

/**
 * The export the spec names. Two ways a module's users hand an app over without an export of that name are
 * taken as they mean it:
 * - a CommonJS module whose exports Node could not list by reading its text (`module.exports = build()`):
 *   its exports are then only members of `default`, the `module.exports` object, and are looked up there;
 * - a module of route handlers, one function per method (`export async function GET(request)`, as a
 *   Next.js `route.ts` is written), with no default export: its handlers are the app (`routeHandlers`).
 */
function exportOf(ns: Namespace, origin: AppModuleSpec): unknown {
  if (origin.export in ns) return ns[origin.export];
  const commonJs = ns.default;
  if ((typeof commonJs === 'object' || typeof commonJs === 'function') && commonJs !== null && origin.export in commonJs) {
    return (commonJs as Namespace)[origin.export];
  }
  const handlers = origin.export === 'default' ? routeHandlers(ns) : undefined;
  if (handlers !== undefined) return handlers;
  const names = Object.keys(ns);
  const has = names.length === 0 ? 'it has no exports' : `it exports ${names.join(', ')}`;
  throw new AppModuleError(`${origin.module} has no export "${origin.export}": ${has}`);
}

/** The kind the spec says, with `options` making the export a factory whatever its number of parameters. */
function kindOf(origin: AppModuleSpec, where: string): AppModuleSpec['kind'] {
  if (origin.options === undefined) return origin.kind;
  if (origin.kind !== undefined && origin.kind !== 'factory') {
    throw new AppModuleError(`${where} is given "options", which go to a factory, and "kind": "${origin.kind}": leave out one of the two`);
  }
  return 'factory';
}

/** The listener a run drives: the app's own, or the one a framework's app object hands out once started. */
async function listenerOf(built: Exclude<BuiltApp, { kind: 'fetch' }>, where: string): Promise<RequestListener> {
  if (built.kind === 'listener') return built.app;
  try {
    return await built.listener();
  } catch (error) {
    throw new AppModuleError(`${where}, a ${built.framework} app, failed to start: ${firstLine(error)}`);
  }
}

/** The module's `state`, if it exports one: called with the run's app, or with nothing if it reads the module's own. */
function stateOf(ns: Namespace, origin: AppModuleSpec): ((app: unknown) => unknown) | undefined {
  const state = ns.state;
  if (state === undefined) return undefined;
  if (typeof state !== 'function') {
    throw new AppModuleError(`export "state" of ${origin.module} is ${valueText(state)}, not a function: state(app) says what the run reports as the app's final state`);
  }
  return state as (app: unknown) => unknown;
}

/**
 * The module's `restart`, if it exports one: called after a crash with the app that crashed, it returns a new
 * app on the storage that one kept (docs/guest-world.md, "Crashes: the restart hook").
 */
function restartOf(ns: Namespace, origin: AppModuleSpec): ((app: unknown) => unknown) | undefined {
  const restart = ns.restart;
  if (restart === undefined) return undefined;
  if (typeof restart !== 'function') {
    throw new AppModuleError(
      `export "restart" of ${origin.module} is ${valueText(restart)}, not a function: restart(app) returns a new app on the storage the crashed app kept`,
    );
  }
  return restart as (app: unknown) => unknown;
}

/**
 * What `restart(app)` returned, told as a factory's app is. The app it was given is refused: a restart that
 * keeps the process's memory would hide exactly what a crash loses.
 */
async function restartedApp(restart: (app: unknown) => unknown, old: unknown, origin: AppModuleSpec): Promise<BuiltApp> {
  const where = `restart(app) of ${origin.module}`;
  let value: unknown;
  try {
    ({ value } = await settled(restart(old)));
  } catch (error) {
    if (error instanceof AppModuleError) throw error;
    throw new AppModuleError(`${where} threw: ${firstLine(error)}`);
  }
  if (value === old) {
    throw new AppModuleError(`${where} returned the app it was given: return a new app on the same storage, so that what the crashed process held only in memory is lost, as in a real crash`);
  }
  const shape = appShape(value, origin.kind === 'factory' ? undefined : origin.kind, true);
  if (shape.kind === 'none') throw new AppModuleError(`${where} did not return an app: it returned ${shape.problem}. ${whatAnAppIs}`);
  if (shape.kind === 'factory') throw new Error('unreachable: a built app is never told as a factory');
  return shape;
}

/** What a factory built (given a fresh copy of `options`, if any), told as an export is, or an error that says what it built instead. */
async function built(build: (...args: never[]) => unknown, options: unknown, factory: string): Promise<BuiltApp> {
  let value: unknown;
  try {
    ({ value } = await settled(options === undefined ? build() : (build as (options: unknown) => unknown)(structuredClone(options))));
  } catch (error) {
    if (error instanceof AppModuleError) throw error;
    throw new AppModuleError(`${factory} threw: ${firstLine(error)}`);
  }
  if (value instanceof Response) {
    throw new AppModuleError(
      `${factory} returned a Response, not an app: a function of no parameters is taken for a factory. ` +
        'If it is a fetch function, declare its parameter, (request) => …, or say "kind": "fetch" in the scenario\'s origin',
    );
  }
  const shape = appShape(value, undefined, true);
  if (shape.kind === 'none') throw new AppModuleError(`${factory} did not return an app: it returned ${shape.problem}. ${whatAnAppIs}`);
  if (shape.kind === 'factory') throw new Error('unreachable: a built app is never told as a factory');
  return shape;
}

/**
 * What an async factory resolved to, or what a plain one returned, as it is. Only a promise is awaited: an
 * app object may be thenable (itty-router's Router answers any member, `then` included, with a route
 * builder, so awaiting it never settles).
 */
async function settled(made: unknown): Promise<{ readonly value: unknown }> {
  return { value: made instanceof Promise ? await made : made };
}
