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
  /** Every random draw comes from `rng`, the link's own stream; `nowUs` is when the message is sent. */
  decide(env: Envelope, rng: Rng, nowUs: number): FaultDecision;
}

export function appliesTo(applies: Applies, env: Envelope): boolean {
  return applies === 'both' || (applies === 'requests') === (env.kind === 'request');
}

/**
 * Runs the rules in order; the first answer other than pass wins and the later rules are not asked (so they
 * draw nothing from the stream for that message).
 */
export function decide(rules: readonly FaultRule[], env: Envelope, rng: Rng, nowUs: number): FaultDecision {
  for (let i = 0; i < rules.length; i++) {
    const decision = rules[i]!.decide(env, rng, nowUs);
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

/** A time window `[fromUs, untilUs)` of virtual time, for the rules that start and end. */
export interface Window {
  readonly fromUs: number;
  readonly untilUs: number;
  /** Only these clients' messages; every client's when absent. */
  readonly clients?: readonly string[] | undefined;
}

export function checkWindow(window: Window): void {
  checkDurationUs('fromUs', window.fromUs);
  checkDurationUs('untilUs', window.untilUs);
  if (window.untilUs <= window.fromUs) throw new RangeError(`untilUs must be later than fromUs, got ${window.fromUs} to ${window.untilUs}`);
}

export function inWindow(window: Window, env: Envelope, nowUs: number): boolean {
  return nowUs >= window.fromUs && nowUs < window.untilUs && (window.clients === undefined || window.clients.includes(env.client));
}
