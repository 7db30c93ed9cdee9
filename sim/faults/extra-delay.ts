import { formatMs } from '../format.js';
import { type Applies, checkDurationUs, checkProbability, type FaultRule, pass } from './fault-rule.js';

export interface ExtraDelayOptions {
  readonly extraDelayUs: number;
  /** The most a uniform jitter adds on top of `extraDelayUs`. */
  readonly jitterUs?: number;
  /** The chance, in [0, 1], that a message is held back at all. */
  readonly probability?: number;
  readonly applies?: Applies;
}

/**
 * With `probability`, holds a message back by `extraDelayUs` plus a uniform jitter in [0, jitterUs]. Messages
 * that leave one transmitter in order can arrive out of order: that is how jitter reorders.
 */
export function extraDelay({ extraDelayUs, jitterUs = 0, probability = 1, applies = 'both' }: ExtraDelayOptions): FaultRule {
  checkDurationUs('extraDelayUs', extraDelayUs);
  checkDurationUs('jitterUs', jitterUs);
  checkProbability(probability);
  return {
    name: 'extra delay',
    applies,
    decide(_env, rng) {
      if (!rng.chance(probability)) return pass;
      const delayUs = extraDelayUs + (jitterUs > 0 ? rng.int(0, jitterUs) : 0);
      return delayUs === 0 ? pass : { kind: 'delay', delayUs, reason: `delayed ${formatMs(delayUs)} ms more` };
    },
  };
}
