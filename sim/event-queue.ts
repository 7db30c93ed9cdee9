/** What the loop runs. A handler may return a promise (graphql and jose are async); the loop then waits. */
export type EventAction = () => void | Promise<void>;

/** An action that takes the event's `arg` (`Simulation.scheduleCall`). */
export type ArgAction<T> = (arg: T) => void | Promise<void>;

/** A scheduled event. Kept as one plain object so the heap moves one reference per swap. */
export interface ScheduledEvent {
  readonly atUs: number;
  /** Insertion order: the only tie-break, so equal times run first-scheduled-first. */
  readonly seq: number;
  /** Called with `arg`; an `EventAction` ignores it. */
  action: ArgAction<never> | undefined;
  /**
   * What `action` is called with. A message on a link is an action made once per link direction and the
   * message as its argument, instead of a closure made per message: every hop of every message schedules one.
   */
  readonly arg: unknown;
}

/**
 * A binary min-heap ordered by (atUs, seq): O(log n) push and pop, nothing else decides order. Cancelled
 * events keep their slot (their action is cleared) and are skipped when popped: O(1) cancel without a
 * search, at the price of a little garbage.
 */
export class EventQueue {
  readonly #heap: ScheduledEvent[] = [];
  #seq = 0;

  get size(): number {
    return this.#heap.length;
  }

  push(atUs: number, action: ArgAction<never>, arg?: unknown): ScheduledEvent {
    return this.insert({ atUs, seq: this.#seq++, action, arg });
  }

  /**
   * Draws the next insertion number without inserting anything. A second queue whose events must interleave
   * with this one's by the same rule (the simulation's background lane) numbers its events here.
   */
  takeSeq(): number {
    return this.#seq++;
  }

  /** Sets aside `count` insertion numbers, the first of which it returns, for events inserted later with them. */
  reserve(count: number): number {
    const first = this.#seq;
    this.#seq += count;
    return first;
  }

  /** Adds an event numbered by `push` or by `takeSeq` of the queue it interleaves with. */
  insert(event: ScheduledEvent): ScheduledEvent {
    const heap = this.#heap;
    let i = heap.length;
    heap.push(event);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent]!;
      if (before(p, event)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = event;
    return event;
  }

  peek(): ScheduledEvent | undefined {
    return this.#heap[0];
  }

  pop(): ScheduledEvent | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    const n = heap.length;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      let c = heap[left]!;
      if (right < n) {
        const r = heap[right]!;
        if (before(r, c)) {
          child = right;
          c = r;
        }
      }
      if (before(last, c)) break;
      heap[i] = c;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

/** The queue's one ordering rule: earlier time first, then earlier insertion. */
export function before(a: ScheduledEvent, b: ScheduledEvent): boolean {
  return a.atUs < b.atUs || (a.atUs === b.atUs && a.seq < b.seq);
}
