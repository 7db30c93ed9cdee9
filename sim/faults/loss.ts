import { type Applies, checkProbability, type FaultRule, pass } from './fault-rule.js';

export interface LossOptions {
  /** The chance, in [0, 1], that each message is lost. */
  readonly probability: number;
  readonly applies?: Applies;
}

/** Loses each message independently with `probability`, in the chosen direction. */
export function loss({ probability, applies = 'both' }: LossOptions): FaultRule {
  checkProbability(probability);
  const drop = { kind: 'drop', reason: `loss p=${probability}` } as const;
  return {
    name: 'loss',
    applies,
    decide: (_env, rng) => (rng.chance(probability) ? drop : pass),
  };
}
