import type { Rng } from '../rng.js';
import type { ScenarioInput } from './spec.js';

/** A scenario that ships with apisim. `build` gets the run's workload stream for scenarios that draw. */
export interface BuiltinScenario {
  readonly name: string;
  readonly summary: string;
  build(workload: Rng): ScenarioInput;
}

export type ScenarioSteps = ScenarioInput['steps'];

/** What a built-in demonstrates, as its `expect` block: a test runs each and asserts that it holds. */
export type ScenarioExpect = NonNullable<ScenarioInput['expect']>;
