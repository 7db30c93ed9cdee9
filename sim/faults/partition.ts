import { formatMs } from '../format.js';
import { type Applies, appliesTo, checkWindow, type FaultRule, inWindow, pass, type Window } from './fault-rule.js';

/**
 * Cuts the line for a while: every message sent in `[fromUs, untilUs)` in the chosen direction is lost, the
 * rest pass. One direction only is the one-way partition of a half-broken route: requests arrive and are
 * processed, their responses never come back (or the reverse). Draws no randomness.
 */
export function partition(window: Window, applies: Applies = 'both'): FaultRule {
  checkWindow(window);
  const drop = { kind: 'drop', reason: `partition ${formatMs(window.fromUs)}–${formatMs(window.untilUs)} ms${applies === 'both' ? '' : ` (${applies} only)`}` } as const;
  return {
    name: 'partition',
    decide: (env, _rng, nowUs) => (appliesTo(applies, env) && inWindow(window, env, nowUs) ? drop : pass),
  };
}
