import type { GuestRunResult } from '../scenario/result.js';
import type { ResolvedScenario } from '../scenario/resolve.js';
import { runScenario, type RunResult } from '../scenario/run.js';
import type { ScenarioSpec } from '../scenario/spec.js';
import type { TraceMode } from '../trace.js';
import { type AppModule, type AppModuleOptions, loadAppModule } from './app-module/app-module.js';
import { runGuestScenario } from './run-guest-scenario.js';

/** How one run of a plan differs from its scenario as written. */
export interface PlannedRunOptions {
  readonly trace?: TraceMode;
  /** Another spec of the scenario, run on the same origin: a sweep's faults put on its line, a shrinker's candidate. */
  readonly spec?: ScenarioSpec;
}

/** A scenario made ready to run on its origin: apisim's own, or the app its file names (`"origin"`). */
export interface RunPlan {
  /** One run of the seed, with a fresh origin: apisim's own, or the app built afresh in a new virtual world. */
  run(seed: number, options?: PlannedRunOptions): Promise<RunResult | GuestRunResult>;
  /** The app the scenario file names, loaded; undefined for apisim's own origin. */
  readonly app: AppModule | undefined;
}

/**
 * The one place that decides who a scenario runs on. `runScenario` runs apisim's own origin and refuses a
 * spec that names an app, and `sim/` cannot load one, so every caller that takes a scenario from a user
 * (the CLI, a sweep, a counterexample's replay) plans it here. The app is loaded once (relative to `file`),
 * so every run builds from the same module.
 */
export async function planRun(scenario: ResolvedScenario, file: string | undefined, options: AppModuleOptions = {}): Promise<RunPlan> {
  const origin = scenario.spec.origin;
  const specOf = (planned: PlannedRunOptions) => planned.spec ?? scenario.spec;
  const how = (seed: number, planned: PlannedRunOptions) => ({ seed, ...(planned.trace === undefined ? {} : { trace: planned.trace }) });
  if (origin === undefined) return { run: (seed, planned = {}) => runScenario(scenario.name, specOf(planned), how(seed, planned)), app: undefined };
  // Only a file names an origin (a built-in never does), and its module is found from the file's folder.
  const app = await loadAppModule(origin, file ?? '.', options);
  return { run: (seed, planned = {}) => runGuestScenario(scenario.name, specOf(planned), { ...how(seed, planned), ...app.guest }), app };
}
