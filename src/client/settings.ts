import type { BackoffSettings } from './backoff.js';
import type { ResendPolicyName } from './resend-policy.js';

export interface ClientSettings extends BackoffSettings {
  readonly policy: ResendPolicyName;
  /** How long the client waits for a response before it counts the attempt as lost. */
  readonly timeoutUs: number;
  /** Attempts in all, the first send included. */
  readonly maxAttempts: number;
}

/**
 * - `safe`: a client that re-sends a POST on its own duplicates effects, so, like undici and got, the
 *   default re-sends only idempotent methods. `naive` is there to show the hazard, `keyed` to remove it.
 * - 500 ms is about four round trips on the default 60 ms line: long enough that a slow but alive exchange is
 *   not re-sent, short enough that a timeline of a lost response stays readable.
 * - 3 attempts, as the AWS SDKs' standard retry mode makes.
 * - No backoff by default (base 0): the timeout already spaces attempts by about four round trips, and
 *   jitter only pays off when many clients re-send into a server that is short of capacity, which our
 *   origin (no queue, no limit) is not yet. At 0 a re-send leaves exactly at the timeout, as the spec's
 *   demonstration reads, and a run without faults is the same for every seed. A scenario turns it on with
 *   `backoffBaseUs`.
 * - The cap is 30 s, undici's `maxTimeout`, so that doubling cannot stretch into minutes.
 */
export const defaultClientSettings: ClientSettings = {
  policy: 'safe',
  timeoutUs: 500_000,
  maxAttempts: 3,
  backoffBaseUs: 0,
  backoffMaxUs: 30_000_000,
};

/** Settings from code rather than a scenario file get the same checks the scenario format makes. */
export function checkClientSettings(settings: ClientSettings): void {
  const wholeUs = (name: keyof ClientSettings, value: number, min: number): void => {
    if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`client ${name} must be an integer >= ${min}, got ${value}`);
  };
  wholeUs('timeoutUs', settings.timeoutUs, 1);
  wholeUs('maxAttempts', settings.maxAttempts, 1);
  wholeUs('backoffBaseUs', settings.backoffBaseUs, 0);
  wholeUs('backoffMaxUs', settings.backoffMaxUs, 0);
}
