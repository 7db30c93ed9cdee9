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
  #beyond = 0;

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

  /**
   * Counts a cleanup request, which is never refused: what a check made is removed even when the bounds are
   * spent, since leaving it would do more harm than a few requests past them. Those are counted apart, and
   * the report says how many.
   */
  takeForCleanup(): void {
    if (this.#used >= this.maxRequests || this.remainingMs() <= 0) this.#beyond++;
    this.#used++;
  }

  remainingMs(): number {
    return this.#deadlineMs - this.#nowMs();
  }

  get used(): number {
    return this.#used;
  }

  /** Cleanup requests sent after the budget or the time bound ran out. */
  get beyond(): number {
    return this.#beyond;
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
    if (this.#lifted) this.#whole.takeForCleanup();
    else this.#whole.take();
    this.#used++;
    if (kind === 'request') this.#ownRequests++;
  }

  /** After `lift()`, cleanup runs to its end: each request keeps its own timeout past the deadline. */
  remainingMs(): number {
    return this.#lifted ? Infinity : this.#whole.remainingMs();
  }

  /** Cleanup may go past the check's own share, and past the suite's bounds (`takeForCleanup`). */
  lift(): void {
    this.#lifted = true;
  }

  get used(): number {
    return this.#used;
  }
}
