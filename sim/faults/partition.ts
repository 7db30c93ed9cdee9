import { formatMs } from '../format.js';
import { checkWindow, type FaultRule, inWindow, pass, type WindowOptions } from './fault-rule.js';

/**
 * Cuts the line for a while: every message sent in `[fromUs, untilUs)` in the chosen direction is lost, the
 * rest pass. One direction only is the one-way partition of a half-broken route: requests arrive and are
 * processed, their responses never come back (or the reverse). Draws no randomness.
 */
export function partition(window: WindowOptions): FaultRule {
  const { applies = 'both' } = window;
  checkWindow(window);
  const drop = { kind: 'drop', reason: `partition ${formatMs(window.fromUs)}–${formatMs(window.untilUs)} ms${applies === 'both' ? '' : ` (${applies} only)`}` } as const;
  return {
    name: 'partition',
    applies,
    decide: (env, _rng, nowUs) => (inWindow(window, env, nowUs) ? drop : pass),
  };
}
