import { type EventAction, EventQueue, type ScheduledEvent } from './event-queue.js';
import { formatMs } from './format.js';

export interface RunLimits {
  /** Stop before the first event later than this virtual time. */
  readonly untilUs?: number;
  /** A guard against scenarios that never settle (a link that duplicates forever, say). */
  readonly maxEvents?: number;
}

/**
 * The virtual clock and the loop. Time is an integer count of microseconds and moves only when an event
 * is taken from the queue; nothing here reads a real clock.
 */
export class Simulation {
  #nowUs = 0;
  #eventsRun = 0;
  readonly #queue = new EventQueue();

  get nowUs(): number {
    return this.#nowUs;
  }

  get eventsRun(): number {
    return this.#eventsRun;
  }

  get pending(): number {
    return this.#queue.size;
  }

  /** `now` as a function, the only way time reaches `src/`. */
  readonly now = (): number => this.#nowUs;

  schedule(delayUs: number, action: EventAction): ScheduledEvent {
    if (!Number.isSafeInteger(delayUs) || delayUs < 0) {
      throw new RangeError(`delayUs must be a non-negative integer, got ${delayUs}`);
    }
    return this.#queue.push(this.#nowUs + delayUs, action);
  }

  cancel(event: ScheduledEvent): void {
    event.action = undefined;
  }

  /**
   * Runs events in (time, insertion) order. A handler that returns a promise is awaited before the next
   * event; a synchronous one is not, so the common case costs no microtask.
   */
  async run(limits: RunLimits = {}): Promise<void> {
    const untilUs = limits.untilUs ?? Number.POSITIVE_INFINITY;
    const maxEvents = limits.maxEvents ?? Number.POSITIVE_INFINITY;
    const queue = this.#queue;
    for (;;) {
      const next = queue.peek();
      if (next === undefined || next.atUs > untilUs) return;
      queue.pop();
      const action = next.action;
      if (action === undefined) continue;
      if (this.#eventsRun >= maxEvents) {
        throw new Error(`the run exceeded ${maxEvents} events at ${formatMs(this.#nowUs)} ms; is something looping?`);
      }
      this.#nowUs = next.atUs;
      this.#eventsRun++;
      const result = action();
      if (result !== undefined) await result;
    }
  }
}
