import { readFileSync } from 'node:fs';
import { type AdaptedApp, type GuestRunResult, parseScenario, runGuestScenario, type ScenarioSpec } from 'apisim';

/** The member of a scenario file that names its app: a module beside the file, and which of its exports builds it. */
export interface OriginMember {
  readonly module: string;
  readonly export: string;
  readonly allowNativeAddons?: readonly string[];
}

/** A scenario file of an example: the app it names, the scenario proper, and the file's other members as written. */
export interface ScenarioFile {
  readonly url: URL;
  readonly origin: OriginMember;
  readonly spec: ScenarioSpec;
  readonly input: Readonly<Record<string, unknown>>;
}

/**
 * Reads a scenario file of an example. `parseScenario` does not know `origin` yet (the CLI adds it), so it
 * is taken out before the scenario is checked; every other field is checked as the CLI checks it.
 */
export function scenarioFile(url: URL): ScenarioFile {
  const { origin, ...input } = JSON.parse(readFileSync(url, 'utf8')) as { origin: OriginMember } & Record<string, unknown>;
  return { url, origin, spec: parseScenario(input, url.pathname), input };
}

/** The export a scenario file's `origin` names, read from its module as the CLI will read it. */
export async function namedFactory(file: ScenarioFile): Promise<unknown> {
  // eslint-disable-next-line apisim/layering -- the user's app module a scenario file names
  const module = (await import(new URL(file.origin.module, file.url).href)) as Record<string, unknown>;
  return module[file.origin.export];
}

/** An example's app as a run needs it: how to build one, how the simulator serves it, what it holds. */
export interface Example<A> {
  readonly build: () => A | Promise<A>;
  readonly serve: (app: A) => AdaptedApp;
  readonly state?: (app: A) => unknown;
  /** A new app on the storage `app` kept, as the module's `restart` makes one: for a scenario with crashes. */
  readonly restart?: (app: A) => A | Promise<A>;
  /** The native addons the app loads, as its scenario file's `origin` names them. */
  readonly allowNativeAddons?: readonly string[];
}

/** Runs a scenario on a fresh app of the example, built inside the run's virtual world. */
export function runExample<A>(spec: ScenarioSpec, example: Example<A>, seed = 1): Promise<GuestRunResult> {
  const served = (app: A) => ({ ...example.serve(app), app });
  const { state, restart } = example;
  return runGuestScenario(spec.name ?? 'example', spec, {
    seed,
    app: async () => served(await example.build()),
    state: state === undefined ? undefined : ({ app }) => state(app),
    restart: restart === undefined ? undefined : async ({ app }) => served(await restart(app)),
    allowNativeAddons: example.allowNativeAddons,
  });
}

/** Each step's final status, `null` where no response came. */
export const statuses = (result: GuestRunResult): (number | null)[] => result.summary.map((s) => s.status);

/** The body of the `step`-th step's response, as JSON. */
export function bodyOf(result: GuestRunResult, step: number): unknown {
  const body = result.exchanges[step]?.response?.body;
  return body === undefined ? undefined : JSON.parse(body);
}

/** A file's scenario without its labels (name, description): two files that differ only in their app compare equal. */
export function unlabelled(file: ScenarioFile): Record<string, unknown> {
  return Object.fromEntries(Object.entries(file.input).filter(([key]) => key !== 'name' && key !== 'description'));
}
