import type { EventHub } from './event-hub.js';

/**
 * What a `Subscription` field's `subscribe` returns: the topic to listen to, and which event ends it (the
 * source stream is over, as when an async iterator returns). The socket connection listens on the hub
 * directly, so every push happens at a time the caller controls (`EventHub.listen`). It is also a working
 * `AsyncIterable`, because graphql-js requires one of a subscribe resolver, and so the schema runs unchanged
 * under graphql-js's own `subscribe()` (a test compares the two).
 */
export class TopicStream<E> implements AsyncIterable<E> {
  readonly topic: string;
  readonly #hub: EventHub<E>;
  readonly #isLast: (event: E) => boolean;

  constructor(hub: EventHub<E>, topic: string, isLast: (event: E) => boolean = () => false) {
    this.#hub = hub;
    this.topic = topic;
    this.#isLast = isLast;
  }

  /** `listener` hears each event until the last, which calls `ended` instead (the listening stays until stopped). */
  listen(listener: (event: E) => void, ended: () => void): () => void {
    return this.#hub.listen(this.topic, (event) => (this.#isLast(event) ? ended() : listener(event)));
  }

  /** Listens from the moment the iterator is made; events wait in order until `next` asks for them. */
  [Symbol.asyncIterator](): AsyncIterableIterator<E> {
    const waiting: E[] = [];
    let wake: ((result: IteratorResult<E>) => void) | undefined;
    let done = false;
    const finished: IteratorResult<E> = { value: undefined, done: true };
    const finish = (): void => {
      done = true;
      stop();
      // A waiting `next` means no event is left untold; otherwise those still waiting are told first.
      wake?.(finished);
      wake = undefined;
    };
    const stop = this.listen((event) => {
      if (wake === undefined) waiting.push(event);
      else {
        const resolve = wake;
        wake = undefined;
        resolve({ value: event, done: false });
      }
    }, () => finish());
    const iterator: AsyncIterableIterator<E> = {
      next: () => {
        if (waiting.length > 0) return Promise.resolve({ value: waiting.shift()!, done: false });
        if (done) return Promise.resolve(finished);
        return new Promise((resolve) => (wake = resolve));
      },
      return: () => {
        waiting.length = 0;
        finish();
        return Promise.resolve(finished);
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }
}
