import type { Envelope } from '../envelope.js';
import type { Rng } from '../rng.js';

/** What a rule says of one message in flight. */
export type FaultDecision =
  | { readonly kind: 'pass' }
  | { readonly kind: 'drop'; readonly reason: string }
  | { readonly kind: 'delay'; readonly delayUs: number; readonly reason: string }
  | { readonly kind: 'duplicate'; readonly copyDelayUs: number; readonly reason: string };

/** One shared object, so a message that passes every rule allocates nothing. */
export const pass: FaultDecision = Object.freeze({ kind: 'pass' });

/** Which messages a rule looks at: requests travel toward the origin, responses toward the client. */
export type Applies = 'requests' | 'responses' | 'both';

export interface FaultRule {
  /** Shown in the trace next to what the rule did. */
  readonly name: string;
  /** Every random draw comes from `rng`, the link's own stream. */
  decide(env: Envelope, rng: Rng): FaultDecision;
}

export function appliesTo(applies: Applies, env: Envelope): boolean {
  return applies === 'both' || (applies === 'requests') === (env.kind === 'request');
}

/**
 * Runs the rules in order; the first answer other than pass wins and the later rules are not asked (so they
 * draw nothing from the stream for that message).
 */
export function decide(rules: readonly FaultRule[], env: Envelope, rng: Rng): FaultDecision {
  for (let i = 0; i < rules.length; i++) {
    const decision = rules[i]!.decide(env, rng);
    if (decision.kind !== 'pass') return decision;
  }
  return pass;
}

export function checkProbability(probability: number): void {
  if (!(probability >= 0 && probability <= 1)) throw new RangeError(`probability must be in [0, 1], got ${probability}`);
}

export function checkDurationUs(name: string, us: number): void {
  if (!Number.isSafeInteger(us) || us < 0) throw new RangeError(`${name} must be a non-negative integer, got ${us}`);
}
