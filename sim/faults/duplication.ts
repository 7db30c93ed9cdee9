import { type Applies, appliesTo, checkDurationUs, checkProbability, type FaultRule, pass } from './fault-rule.js';

/** Delivers a second copy of the message `copyDelayUs` after the first, with `probability`. */
export function duplication(probability: number, copyDelayUs = 0, applies: Applies = 'both'): FaultRule {
  checkProbability(probability);
  checkDurationUs('copyDelayUs', copyDelayUs);
  const duplicate = { kind: 'duplicate', copyDelayUs, reason: `duplicate p=${probability}` } as const;
  return {
    name: 'duplication',
    decide: (env, rng) => (appliesTo(applies, env) && rng.chance(probability) ? duplicate : pass),
  };
}
