import { type Applies, appliesTo, checkProbability, type FaultRule, pass } from './fault-rule.js';

/** Loses each message independently with `probability`, in the chosen direction. */
export function loss(probability: number, applies: Applies = 'both'): FaultRule {
  checkProbability(probability);
  const drop = { kind: 'drop', reason: `loss p=${probability}` } as const;
  return {
    name: 'loss',
    decide: (env, rng) => (appliesTo(applies, env) && rng.chance(probability) ? drop : pass),
  };
}
