import { type ArgAction, before, type EventAction, EventQueue, type ScheduledEvent } from './event-queue.js';
import { formatMs } from './format.js';
import type { Guest } from './guest.js';

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
  /**
   * A guest's timers (`scheduleBackground`): events like any other, ordered with the main queue's by the
   * same rule (they draw their insertion numbers from it), but kept apart so that the loop can tell when
   * nothing but them is left. Made on first use: apisim's own runs never have one.
   */
  #background: EventQueue | undefined;

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
    return this.scheduleCall(delayUs, action, undefined);
  }

  /**
   * `schedule(delayUs, () => action(arg))` without the closure: `action` is made once (per link direction,
   * say) and only the event is new. For the hot paths, where every message schedules an event.
   */
  scheduleCall<T>(delayUs: number, action: ArgAction<T>, arg: T): ScheduledEvent {
    checkDelay(delayUs);
    return this.#queue.push(this.#nowUs + delayUs, action, arg);
  }

  /**
   * An event of the background lane: a guest's timer. It runs in its turn among all the others, but it does
   * not keep the run going on its own (`Guest.goOn` decides when only such events are left).
   */
  scheduleBackground(delayUs: number, action: EventAction): ScheduledEvent {
    checkDelay(delayUs);
    this.#background ??= new EventQueue();
    return this.#background.insert({ atUs: this.#nowUs + delayUs, seq: this.#queue.takeSeq(), action, arg: undefined });
  }

  /**
   * Insertion numbers set aside now for events scheduled later (`scheduleReserved`): such an event runs
   * before every event at its time that was scheduled after the reservation, as if it had been scheduled at
   * the reservation. A session's steps take them, so that a session and the scenario it records, whose steps
   * are all scheduled before the run, run their events in one order.
   */
  reserveOrder(count: number): number {
    return this.#queue.reserve(count);
  }

  /** An event at `atUs` (not earlier than now), numbered `seq` from `reserveOrder`. */
  scheduleReserved(atUs: number, seq: number, action: EventAction): ScheduledEvent {
    if (!Number.isSafeInteger(atUs) || atUs < this.#nowUs) {
      throw new RangeError(`atUs must be an integer not earlier than now (${this.#nowUs}), got ${atUs}`);
    }
    return this.#queue.insert({ atUs, seq, action, arg: undefined });
  }

  /** Works for an event of either lane. */
  cancel(event: ScheduledEvent): void {
    event.action = undefined;
  }

  /**
   * Runs events in (time, insertion) order. A handler that returns a promise is awaited before the next
   * event; a synchronous one is not, so the common case costs no microtask.
   */
  async run(limits: RunLimits = {}, guest?: Guest): Promise<void> {
    // Decided once per run, so apisim's own runs keep the loop below as it is.
    if (guest !== undefined || this.#background !== undefined) return this.#runWithGuest(limits, guest);
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
      const result = action(next.arg as never);
      if (result !== undefined) await result;
    }
  }

  /**
   * The loop with a guest: both lanes in one order, the guest settled after every event, and, once only the
   * guest's timers are left, the guest decides whether the run goes on (without a guest, it ends there).
   */
  async #runWithGuest(limits: RunLimits, guest: Guest | undefined): Promise<void> {
    const untilUs = limits.untilUs ?? Number.POSITIVE_INFINITY;
    const maxEvents = limits.maxEvents ?? Number.POSITIVE_INFINITY;
    const queue = this.#queue;
    const background = (this.#background ??= new EventQueue());
    for (;;) {
      const own = liveHead(queue);
      const timer = liveHead(background);
      let next: ScheduledEvent;
      if (own === undefined) {
        // Asked also when no timer is left: a guest still owing an answer then fails the run.
        if (guest === undefined || !guest.goOn(timer?.atUs) || timer === undefined) return;
        next = timer;
      } else {
        next = timer !== undefined && before(timer, own) ? timer : own;
      }
      if (next.atUs > untilUs) return;
      (next === own ? queue : background).pop();
      if (this.#eventsRun >= maxEvents) {
        throw new Error(`the run exceeded ${maxEvents} events at ${formatMs(this.#nowUs)} ms; is something looping?`);
      }
      this.#nowUs = next.atUs;
      this.#eventsRun++;
      const result = next.action!(next.arg as never);
      if (result !== undefined) await result;
      if (guest !== undefined) await guest.settle();
    }
  }
}

function checkDelay(delayUs: number): void {
  if (!Number.isSafeInteger(delayUs) || delayUs < 0) throw new RangeError(`delayUs must be a non-negative integer, got ${delayUs}`);
}

/** The earliest event still to run, after dropping the cancelled ones ahead of it. */
function liveHead(queue: EventQueue): ScheduledEvent | undefined {
  let head = queue.peek();
  while (head !== undefined && head.action === undefined) {
    queue.pop();
    head = queue.peek();
  }
  return head;
}
