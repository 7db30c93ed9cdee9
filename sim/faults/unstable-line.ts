import { type FaultRule, pass } from './fault-rule.js';

/**
 * The spec's unstable mode (§3, §8.5): the origin processes the request, then the first response of each
 * exchange is lost, exactly once; the response to the re-send arrives. Draws no randomness.
 */
export function unstableLine(): FaultRule {
  const lost = new Set<string>();
  return {
    name: 'unstable line',
    applies: 'responses',
    decide(env) {
      const key = `${env.client}#${env.exchangeId}`;
      if (lost.has(key)) return pass;
      lost.add(key);
      return { kind: 'drop', reason: 'unstable line: first response of the exchange' };
    },
  };
}
