import type { HttpRequest } from '../http/message.js';

/**
 * Decides whether the client may send a request again when no response arrived in time. The timer and the
 * sending live at the edge (the simulator's client node, or a real HTTP client); this is only the rule.
 */
export interface ResendPolicy {
  readonly name: string;
  mayResend(req: HttpRequest): boolean;
}

/** Re-sends every method: the hazard the spec demonstrates (a lost POST response makes a second note). */
export const naivePolicy: ResendPolicy = { name: 'naive', mayResend: () => true };

export const resendPolicies = { naive: naivePolicy } as const;
export type ResendPolicyName = keyof typeof resendPolicies;
