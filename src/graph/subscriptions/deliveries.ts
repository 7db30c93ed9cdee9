/**
 * Server messages leave in the order their work began, whatever each one's execution takes: a push is
 * queued when its event is published (in the hub's subscription order), a query's answer when its
 * `subscribe` is read. The work itself runs at once and concurrently; only the sending waits its turn.
 *
 * `settled()` is how a caller that owns time (the simulator's origin) waits, within one instant, for every
 * message that instant caused before it puts anything on the wire, so no push is sent from a microtask at
 * an undefined virtual time. A real server never needs to call it.
 */
export class Deliveries {
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;

  /**
   * Takes the next place in line, then begins `work`, which resolves to what sends its messages. The place is
   * taken first, so messages that `work` itself causes (a mutation's pushes, published while it runs) queue
   * behind its own answer. A rejection (a bug: resolver errors are GraphQL errors in the result) runs
   * `onFailure` in its place, so one failure cannot stall the line.
   */
  add(work: () => Promise<() => void>, onFailure: (error: unknown) => void): void {
    this.#pending++;
    let fill: (send: () => void) => void = () => undefined;
    const place = new Promise<() => void>((resolve) => (fill = resolve));
    this.#tail = this.#tail.then(() => place).then((send) => {
      this.#pending--;
      send();
    });
    let begun: Promise<() => void>;
    try {
      begun = work();
    } catch (error) {
      fill(() => onFailure(error));
      return;
    }
    // Observed at once, not when its turn comes, so a rejection never waits unhandled behind slower work.
    void begun.then(
      (send) => fill(() => {
        try {
          send();
        } catch (error) {
          onFailure(error);
        }
      }),
      (error: unknown) => fill(() => onFailure(error)),
    );
  }

  /** Work queued and not yet sent. */
  get pending(): number {
    return this.#pending;
  }

  /** Resolves once everything queued so far has been sent; `undefined` when nothing is queued (no microtask). */
  settled(): Promise<void> | undefined {
    return this.#pending === 0 ? undefined : this.#tail;
  }
}
