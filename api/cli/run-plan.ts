import { type AppModule, type AppModuleOptions, loadAppModule } from '../../sim/host/app-module/app-module.js';
import { runGuestScenario } from '../../sim/host/run-guest-scenario.js';
import type { GuestRunResult } from '../../sim/scenario/result.js';
import type { ResolvedScenario } from '../../sim/scenario/resolve.js';
import { runScenario, type RunResult } from '../../sim/scenario/run.js';

/** How the CLI runs a scenario: on apisim's own origin, or on the app its file names (`"origin"`). */
export interface RunPlan {
  /** One run of the seed, with a fresh origin: apisim's own, or the app built afresh in a new virtual world. */
  run(seed: number): Promise<RunResult | GuestRunResult>;
  /** The app the scenario file names, loaded; undefined for apisim's own origin. */
  readonly app: AppModule | undefined;
}

/** Loads the app a scenario file names (relative to `file`) once, so every run builds from the same module. */
export async function planRun(scenario: ResolvedScenario, file: string | undefined, options: AppModuleOptions): Promise<RunPlan> {
  const origin = scenario.spec.origin;
  if (origin === undefined) return { run: (seed) => runScenario(scenario.name, scenario.spec, { seed }), app: undefined };
  // Only a file names an origin (a built-in never does), and its module is found from the file's folder.
  const app = await loadAppModule(origin, file ?? '.', options);
  return { run: (seed) => runGuestScenario(scenario.name, scenario.spec, { seed, ...app.guest }), app };
}
