/**
 * How long the client waits after a timeout before it re-sends: exponential backoff with "full jitter"
 * (AWS Architecture Blog, "Exponential Backoff And Jitter", 2015): uniform in [0, min(cap, base x 2^(n-1))]
 * after the n-th attempt timed out. Full jitter spreads clients that lost their responses at the same moment
 * (one outage) so that their re-sends do not arrive together and overload the origin again.
 */
export interface BackoffSettings {
  /** The ceiling of the first wait; each further attempt doubles it. 0 re-sends right at the timeout. */
  readonly backoffBaseUs: number;
  /** No wait is longer than this, however many attempts have timed out. */
  readonly backoffMaxUs: number;
}

/** Where jitter comes from; the simulator passes the client's own seeded stream. */
export interface JitterSource {
  /** Uniform integer in [from, to], both included. */
  int(from: number, to: number): number;
}

/** The ceiling of the wait after attempt `attempt` (1 for the first send) timed out. */
export function backoffCeilingUs(settings: BackoffSettings, attempt: number): number {
  // 2^(attempt-1) passes 2^53, and then Infinity, for large attempts: min() with the integer cap keeps the
  // result exact, and a base of 0 must not meet Infinity (0 x Infinity is NaN).
  if (settings.backoffBaseUs === 0) return 0;
  return Math.min(settings.backoffMaxUs, settings.backoffBaseUs * 2 ** (attempt - 1));
}

/** Draws nothing when the ceiling is 0, so a client without backoff shifts no stream. */
export function backoffWaitUs(settings: BackoffSettings, attempt: number, jitter: JitterSource): number {
  const ceilingUs = backoffCeilingUs(settings, attempt);
  return ceilingUs === 0 ? 0 : jitter.int(0, ceilingUs);
}
