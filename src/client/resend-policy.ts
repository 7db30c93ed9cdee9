import type { HttpRequest } from '../http/message.js';
import { methodProperties } from '../http/methods.js';
import { carriesIdempotencyKey, type KeySource, withIdempotencyKey } from './idempotency-key.js';

/**
 * Which requests the client may send again when no response arrived in time. The timer and the sending live
 * at the edge (the simulator's client node, or a real HTTP client); a policy is only the rule, in two hooks.
 */
export interface ResendPolicy {
  readonly name: ResendPolicyName;
  /** The request to send on every attempt of one operation; asked once, before the first send. */
  prepare(req: HttpRequest, keys: KeySource): HttpRequest;
  mayResend(req: HttpRequest): boolean;
}

const asGiven = (req: HttpRequest): HttpRequest => req;

/**
 * RFC 9110 §9.2.2: a client may repeat an idempotent request on its own, and should not repeat any other
 * unless it knows the repeat is harmless. A key is that knowledge: the server discards what it has already
 * done under that key (spec §4, Area B).
 */
function resendIsHarmless(req: HttpRequest): boolean {
  return methodProperties(req.method).idempotent || carriesIdempotencyKey(req);
}

/** Re-sends every method: the hazard the spec demonstrates (a lost POST response makes a second note). */
export const naivePolicy: ResendPolicy = { name: 'naive', prepare: asGiven, mayResend: () => true };

/**
 * Re-sends what RFC 9110 calls idempotent (every safe method is), as undici's retry handler and got do by
 * default, and a POST, a PATCH or an unknown method only when the caller gave it a key. A lost response to
 * anything else leaves the outcome unknown, which is the honest answer.
 */
export const safePolicy: ResendPolicy = { name: 'safe', prepare: asGiven, mayResend: resendIsHarmless };

/**
 * `safe`, plus a key on every unsafe request that has none: POST and PATCH are then re-sent too, and a re-sent
 * PUT or DELETE is replayed rather than applied again after someone else's write.
 */
export const keyedPolicy: ResendPolicy = { name: 'keyed', prepare: withIdempotencyKey, mayResend: resendIsHarmless };

export const resendPolicyNames = ['naive', 'safe', 'keyed'] as const;
export type ResendPolicyName = (typeof resendPolicyNames)[number];

export const resendPolicies: Readonly<Record<ResendPolicyName, ResendPolicy>> = {
  naive: naivePolicy,
  safe: safePolicy,
  keyed: keyedPolicy,
};

/** What a policy refuses, in words for the trace: only a non-idempotent request without a key is refused. */
export function refusedRequest(req: HttpRequest): string {
  return `a ${req.method} without an idempotency-key`;
}
