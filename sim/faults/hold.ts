import { formatMs } from '../format.js';
import { checkWindow, type FaultRule, inWindow, pass, type WindowOptions } from './fault-rule.js';

/**
 * A line that stalls and then lets go: every message sent in `[fromUs, untilUs)` in the chosen direction is
 * held and released at `untilUs`, then travels as usual, in the order it was sent. A client that timed out
 * meanwhile has re-sent, so the held copy arrives late, behind newer traffic: the old-message-arrives-later
 * case of a congested queue or a sleeping NAT. Draws no randomness.
 */
export function hold(window: WindowOptions): FaultRule {
  const { applies = 'both' } = window;
  checkWindow(window);
  const reason = `held until ${formatMs(window.untilUs)} ms`;
  return {
    name: 'hold',
    applies,
    decide: (env, _rng, nowUs) =>
      inWindow(window, env, nowUs) ? { kind: 'delay', delayUs: window.untilUs - nowUs, reason } : pass,
  };
}
