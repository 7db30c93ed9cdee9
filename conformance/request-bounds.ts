/** Thrown when the suite may send no more: its request budget or its time bound is used up. */
export class BoundReached extends Error {
  override readonly name = 'BoundReached';
}

/** What a client asks before each request. */
export interface Allowance {
  /**
   * Counts one request, or throws `BoundReached` when none may be sent. A `retry` (the same request again
   * after a 429) counts against the suite's bounds only: a rate limit is the deployment's, not the check's.
   */
  take(kind?: 'request' | 'retry'): void;
  /** Time left before the deadline, in milliseconds. */
  remainingMs(): number;
}

/**
 * The suite's whole allowance against a target: at most `maxRequests` requests, none started after the
 * deadline. One instance is shared by every check, so no check can spend what the others need and no run can
 * hammer a deployment or hang a CI job.
 */
export class RequestBounds implements Allowance {
  readonly maxRequests: number;
  readonly #deadlineMs: number;
  readonly #nowMs: () => number;
  #used = 0;

  constructor(maxRequests: number, maxTimeMs: number, nowMs: () => number) {
    this.maxRequests = maxRequests;
    this.#nowMs = nowMs;
    this.#deadlineMs = nowMs() + maxTimeMs;
  }

  take(): void {
    if (this.#used >= this.maxRequests) throw new BoundReached(`the request budget (--max-requests ${this.maxRequests}) is used up`);
    if (this.remainingMs() <= 0) throw new BoundReached('the time bound (--max-time-ms) is reached');
    this.#used++;
  }

  remainingMs(): number {
    return this.#deadlineMs - this.#nowMs();
  }

  get used(): number {
    return this.#used;
  }

  /** A share for one check: at most `maxRequests` of the whole, until `lift()` (for its cleanup). */
  share(checkName: string, maxRequests: number): CheckAllowance {
    return new CheckAllowance(this, checkName, maxRequests);
  }
}

export class CheckAllowance implements Allowance {
  readonly #whole: RequestBounds;
  readonly #checkName: string;
  readonly #maxRequests: number;
  /** Everything sent, retries and cleanup included. */
  #used = 0;
  /** What counts against the check's share: first sends before `lift()`. */
  #ownRequests = 0;
  #lifted = false;

  constructor(whole: RequestBounds, checkName: string, maxRequests: number) {
    this.#whole = whole;
    this.#checkName = checkName;
    this.#maxRequests = maxRequests;
  }

  take(kind: 'request' | 'retry' = 'request'): void {
    if (kind === 'request' && !this.#lifted && this.#ownRequests >= this.#maxRequests) throw new BoundReached(`${this.#checkName} wanted more than its ${this.#maxRequests} requests`);
    this.#whole.take();
    this.#used++;
    if (kind === 'request') this.#ownRequests++;
  }

  remainingMs(): number {
    return this.#whole.remainingMs();
  }

  /** Cleanup may go past the check's own share, still within the suite's bounds. */
  lift(): void {
    this.#lifted = true;
  }

  get used(): number {
    return this.#used;
  }
}
