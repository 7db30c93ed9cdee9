import { builtin } from '../../sim/scenario/resolve.js';
import type { ScenarioInput } from '../../sim/scenario/spec.js';
import { parseScenario } from '../../sim/scenario/spec.js';
import type { VariantPlan } from './matrix-scenario.js';

/** A built-in scenario as it ships, so the matrix measures exactly what `npm run sim -- <name>` shows. */
export function builtinPlan(name: string): (seed: number) => Promise<VariantPlan> {
  return (seed) => Promise.resolve({ spec: builtin(name, seed).spec, warmUpSteps: 0 });
}

/** A built-in changed on the way (another credential, another mode), checked by the real scenario format. */
export function adaptedBuiltinPlan(name: string, adapt: (input: ScenarioInput) => ScenarioInput): (seed: number) => Promise<VariantPlan> {
  return (seed) => Promise.resolve({ spec: parseScenario(adapt(builtin(name, seed).spec), `${name} (adapted)`), warmUpSteps: 0 });
}
