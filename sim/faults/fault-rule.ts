import type { Envelope, WireMessage } from '../envelope.js';
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
  /** The messages the rule is asked about (`appliesTo`); it is never asked about any other. */
  readonly applies: Applies;
  /** Every random draw comes from `rng`, the link's own stream; `nowUs` is when the message is sent. */
  decide(env: Envelope, rng: Rng, nowUs: number): FaultDecision;
}

/**
 * Whether a rule that `applies` to these messages is asked about `env`. Never for a WebSocket frame: a frame
 * rides an established TCP connection, which does not lose or repeat messages, and the rules model lost and
 * repeated HTTP messages.
 */
export function appliesTo(applies: Applies, env: WireMessage): env is Envelope {
  if (env.kind === 'frame') return false;
  return applies === 'both' || (applies === 'requests') === (env.kind === 'request');
}

/**
 * Runs the rules that apply to `env` in order; the first answer other than pass wins and the later rules are
 * not asked (so they draw nothing from the stream for that message, nor does a rule that does not apply).
 */
export function decide(rules: readonly FaultRule[], env: WireMessage, rng: Rng, nowUs: number): FaultDecision {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (!appliesTo(rule.applies, env)) continue;
    const decision = rule.decide(env, rng, nowUs);
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

/** A window rule's options: when, on whose lines, in which direction. */
export interface WindowOptions extends Window {
  readonly applies?: Applies;
}

export function checkWindow(window: Window): void {
  checkDurationUs('fromUs', window.fromUs);
  checkDurationUs('untilUs', window.untilUs);
  if (window.untilUs <= window.fromUs) throw new RangeError(`untilUs must be later than fromUs, got ${window.fromUs} to ${window.untilUs}`);
}

export function inWindow(window: Window, env: Envelope, nowUs: number): boolean {
  return nowUs >= window.fromUs && nowUs < window.untilUs && (window.clients === undefined || window.clients.includes(env.client));
}
