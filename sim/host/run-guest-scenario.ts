import type { OriginProcess } from '../nodes/origin-process.js';
import type { GuestRunResult } from '../scenario/result.js';
import { type GuestRunOptions, runScenarioOnGuest } from '../scenario/run-on-guest.js';
import type { ScenarioSpec } from '../scenario/spec.js';
import { type GuestApp, worldOrigin } from './world/world-origin.js';

export type GuestScenarioOptions<P extends OriginProcess> = Omit<GuestRunOptions, 'guest'> & GuestApp<P>;

/**
 * Runs a scenario with a user's app as the origin, in a virtual world lent for the run (docs/guest-world.md):
 * `app` builds a fresh app inside it, every run; `state` says what the result reports as the app's state;
 * `restart`, when given, lets the scenario's `crashes` restart the app on the storage the crashed one kept.
 *
 *   const result = await runGuestScenario('mine', parseScenario(spec), { seed: 1, app: () => fetchOrigin(makeApp()) });
 */
export function runGuestScenario<P extends OriginProcess>(name: string, spec: ScenarioSpec, options: GuestScenarioOptions<P>): Promise<GuestRunResult> {
  const { app, state, restart, realWorkLimitMs, allowNativeAddons, ...run } = options;
  return runScenarioOnGuest(name, spec, { ...run, guest: worldOrigin({ app, state, restart, realWorkLimitMs, allowNativeAddons }) });
}
