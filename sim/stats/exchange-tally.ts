import type { Exchange } from '../exchange.js';
import { LatencyHistogram } from './latency-histogram.js';

/** A status's first digit: 2 for the 2xx. */
export type StatusClass = 1 | 2 | 3 | 4 | 5;

/**
 * What a run keeps of its exchanges when it folds them instead of keeping each (`ClientNode`'s `tally`): counts
 * and latencies, in a footprint that does not grow with the run. A soak of ten million requests would otherwise
 * keep ten million exchanges, each with its request and response, alive to the end. A tally is shared by all the
 * clients of a run, since each latency histogram takes about 90 KB whatever it holds.
 */
export class ExchangeTally {
  /**
   * One histogram per method: reads and writes take different paths (a GET may be a cache hit), so their
   * latencies are worth reading apart, and a method is known to every exchange. Made on first use.
   */
  readonly #latencyByMethod = new Map<string, LatencyHistogram>();
  /** Indexed by status class; 0 unused. */
  readonly #responsesByClass = [0, 0, 0, 0, 0, 0];
  #responses = 0;
  #giveUps = 0;
  #attempts = 0;

  /** A finished exchange: it ended with a response, or the client gave up (`unknown`). */
  fold(exchange: Exchange): void {
    this.#attempts += exchange.attempts;
    if (exchange.outcome !== 'response') {
      this.#giveUps++;
      return;
    }
    this.#responses++;
    const status = exchange.response!.status;
    this.#responsesByClass[Math.min(5, Math.max(1, Math.floor(status / 100)))]!++;
    const method = exchange.request.method;
    let histogram = this.#latencyByMethod.get(method);
    if (histogram === undefined) {
      histogram = new LatencyHistogram();
      this.#latencyByMethod.set(method, histogram);
    }
    histogram.record(exchange.latencyUs!);
  }

  /** Exchanges folded: answered or given up. */
  get exchanges(): number {
    return this.#responses + this.#giveUps;
  }

  get responses(): number {
    return this.#responses;
  }

  responsesOfClass(statusClass: StatusClass): number {
    return this.#responsesByClass[statusClass]!;
  }

  /** Exchanges the client gave up on without a response: their outcome is unknown. */
  get giveUps(): number {
    return this.#giveUps;
  }

  /** Sends in all, re-sends included: beside `exchanges`, how much the line made the clients repeat. */
  get attempts(): number {
    return this.#attempts;
  }

  /** Methods seen in answered exchanges, in the order first seen. */
  get methods(): readonly string[] {
    return [...this.#latencyByMethod.keys()];
  }

  latencyOf(method: string): LatencyHistogram | undefined {
    return this.#latencyByMethod.get(method);
  }

  /** Every answered exchange's latency, whatever its method: a new histogram, the sum of the per-method ones. */
  latency(): LatencyHistogram {
    const all = new LatencyHistogram();
    for (const histogram of this.#latencyByMethod.values()) all.add(histogram);
    return all;
  }
}
