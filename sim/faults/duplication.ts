import { type Applies, checkDurationUs, checkProbability, type FaultRule, pass } from './fault-rule.js';

export interface DuplicationOptions {
  /** The chance, in [0, 1], that a message is delivered twice. */
  readonly probability: number;
  /** How long after the first copy the second arrives. */
  readonly copyDelayUs?: number;
  readonly applies?: Applies;
}

/** Delivers a second copy of the message `copyDelayUs` after the first, with `probability`. */
export function duplication({ probability, copyDelayUs = 0, applies = 'both' }: DuplicationOptions): FaultRule {
  checkProbability(probability);
  checkDurationUs('copyDelayUs', copyDelayUs);
  const duplicate = { kind: 'duplicate', copyDelayUs, reason: `duplicate p=${probability}` } as const;
  return {
    name: 'duplication',
    applies,
    decide: (_env, rng) => (rng.chance(probability) ? duplicate : pass),
  };
}
