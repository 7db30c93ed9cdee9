import { formatMs } from '../format.js';
import { type Applies, appliesTo, checkDurationUs, checkProbability, type FaultRule, pass } from './fault-rule.js';

/**
 * With `probability`, holds a message back by `extraDelayUs` plus a uniform jitter in [0, jitterUs]. Messages
 * that leave one transmitter in order can arrive out of order: that is how jitter reorders.
 */
export function extraDelay(extraDelayUs: number, jitterUs = 0, probability = 1, applies: Applies = 'both'): FaultRule {
  checkDurationUs('extraDelayUs', extraDelayUs);
  checkDurationUs('jitterUs', jitterUs);
  checkProbability(probability);
  return {
    name: 'extra delay',
    decide(env, rng) {
      if (!appliesTo(applies, env) || !rng.chance(probability)) return pass;
      const delayUs = extraDelayUs + (jitterUs > 0 ? rng.int(0, jitterUs) : 0);
      return delayUs === 0 ? pass : { kind: 'delay', delayUs, reason: `delayed ${formatMs(delayUs)} ms more` };
    },
  };
}
