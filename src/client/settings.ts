import type { ResendPolicyName } from './resend-policy.js';

export interface ClientSettings {
  readonly policy: ResendPolicyName;
  /** How long the client waits for a response before it counts the attempt as lost. */
  readonly timeoutUs: number;
  /** Attempts in all, the first send included. */
  readonly maxAttempts: number;
}

/**
 * 500 ms is about four round trips on the default 60 ms line: long enough that a slow but alive exchange is
 * not re-sent, short enough that a timeline of a lost response stays readable.
 */
export const defaultClientSettings: ClientSettings = { policy: 'naive', timeoutUs: 500_000, maxAttempts: 3 };
