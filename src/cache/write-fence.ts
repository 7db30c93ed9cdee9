/**
 * Keeps a response older than a write out of the store. A GET can leave before a PUT's response passes
 * the cache and come back after it, carrying what the origin had before the write (a reordering line, a
 * slow origin); storing it would serve the old content for a whole freshness lifetime after the write.
 * RFC 9111 §4.4 does not promise this much, but it is cheap: each request that may be stored takes the
 * URL's epoch when it leaves, each invalidation of the URL moves the epoch on, and a response whose epoch
 * moved is not stored.
 *
 * Only URLs with requests in flight are remembered, so memory follows the traffic, not the URL space.
 */
export class WriteFence {
  readonly #urls = new Map<string, { inFlight: number; epoch: number }>();

  /** A request for `key` leaves; returns its epoch, to hand back to `arrive`. */
  depart(key: string): number {
    const url = this.#urls.get(key);
    if (url === undefined) {
      this.#urls.set(key, { inFlight: 1, epoch: 0 });
      return 0;
    }
    url.inFlight++;
    return url.epoch;
  }

  /** Its response is back: true when no invalidation of `key` passed while it was away. */
  arrive(key: string, epoch: number): boolean {
    const url = this.#urls.get(key);
    if (url === undefined) return true;
    if (--url.inFlight <= 0) this.#urls.delete(key);
    return url.epoch === epoch;
  }

  invalidate(key: string): void {
    const url = this.#urls.get(key);
    if (url !== undefined) url.epoch++;
  }

  /** Every URL in flight: for an invalidation that is not by URL (a logout's `Clear-Site-Data`). */
  invalidateAll(): void {
    for (const url of this.#urls.values()) url.epoch++;
  }

  /** URLs with requests in flight (a response lost upstream leaves its URL here). */
  get size(): number {
    return this.#urls.size;
  }
}
