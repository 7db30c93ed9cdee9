/** One subscriber of a topic; `active` turns false when it leaves, even in the middle of a publish. */
interface Subscriber<E> {
  readonly listener: (event: E) => void;
  active: boolean;
}

/**
 * Where the mutations publish and the subscriptions listen: topics by name, each with its subscribers in
 * the order they subscribed. `publish` calls them synchronously, in that order, before it returns: no timer,
 * no microtask, no randomness, so which subscriber hears which event, and in which order, is decided by the
 * program alone (and in the simulator by the virtual clock). Delivering the result is the listener's job.
 */
export class EventHub<E> {
  readonly #topics = new Map<string, Subscriber<E>[]>();

  /** Starts listening; the returned function stops it (calling it again does nothing). */
  listen(topic: string, listener: (event: E) => void): () => void {
    const subscriber: Subscriber<E> = { listener, active: true };
    const list = this.#topics.get(topic);
    if (list === undefined) this.#topics.set(topic, [subscriber]);
    else list.push(subscriber);
    return () => {
      if (!subscriber.active) return;
      subscriber.active = false;
      const current = this.#topics.get(topic)!;
      current.splice(current.indexOf(subscriber), 1);
      if (current.length === 0) this.#topics.delete(topic);
    };
  }

  /**
   * Calls every subscriber of `topic` in subscription order and returns how many heard it. A subscriber
   * added by a listener hears the next event, not this one; one removed before its turn does not hear it.
   */
  publish(topic: string, event: E): number {
    const list = this.#topics.get(topic);
    if (list === undefined) return 0;
    let heard = 0;
    for (const subscriber of list.slice()) {
      if (!subscriber.active) continue;
      heard++;
      subscriber.listener(event);
    }
    return heard;
  }

  /** Subscribers of one topic now. */
  subscribers(topic: string): number {
    return this.#topics.get(topic)?.length ?? 0;
  }

  /** Subscribers of every topic now: what a closed connection must bring back down. */
  get size(): number {
    let n = 0;
    for (const list of this.#topics.values()) n += list.length;
    return n;
  }
}
