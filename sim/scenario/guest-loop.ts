import { formatMs } from '../format.js';
import type { Guest } from '../guest.js';
import type { AwaitedAnswer, OriginNode } from '../nodes/origin.js';
import type { Simulation } from '../simulation.js';
import { nodeEvent, type Trace } from '../trace.js';
import type { GuestVisit } from './guest-origin.js';

/**
 * How long, in virtual time, a request may wait for the app once nothing but the app's own timers can
 * answer it: the app's timers go on running while one of them may still answer; past this they do not.
 * A minute, a common proxy's read timeout (nginx's `proxy_read_timeout`).
 */
export const defaultAnswerPatienceUs = 60_000_000;

/** A request the app will not answer: the run would otherwise end with it owed, or wait forever. */
export class UnansweredRequestError extends Error {
  override readonly name = 'UnansweredRequestError';
}

/**
 * The guest as the run loop sees it: settled after every event, and the rule of when its run ends.
 *
 * End of run: the run goes on while the simulator has work of its own (a client waiting, a message on a
 * line), the app's timers running among it in time order. When only the app's timers are left:
 * - no request is owed: the run ends, and the timers left over never run (an app's interval timer that never
 *   stops does not keep a run alive);
 * - a request is owed: the app's timers go on, as one may answer it, up to `answerPatienceUs` after the
 *   oldest owed request reached the app; with no timer left, or the next one later than that, the run fails
 *   with an `UnansweredRequestError` that names the request and the virtual time.
 */
export class GuestLoop implements Guest {
  readonly #sim: Simulation;
  readonly #visit: GuestVisit;
  readonly #origin: OriginNode;
  readonly #trace: Trace;
  readonly #answerPatienceUs: number;

  constructor(sim: Simulation, visit: GuestVisit, origin: OriginNode, trace: Trace, answerPatienceUs = defaultAnswerPatienceUs) {
    this.#sim = sim;
    this.#visit = visit;
    this.#origin = origin;
    this.#trace = trace;
    this.#answerPatienceUs = answerPatienceUs;
  }

  /**
   * The real work the app waited on in this instant is named in the trace, by kind and without counts, so
   * that a check that finds two runs apart can say what real work was done where; how long it took in real
   * time is not in the trace, and costs no virtual time.
   */
  async settle(): Promise<void> {
    const realWork = await this.#visit.settle();
    if (realWork.length > 0) this.#trace.record(nodeEvent(this.#sim.nowUs, 'real-work', this.#origin.name, `waited for ${realWork.join(', ')}`));
    const failure = this.#origin.takeFailure();
    if (failure !== undefined) throw failure;
  }

  goOn(nextTimerUs: number | undefined): boolean {
    const owed = this.#origin.awaited;
    const oldest = owed[0];
    if (oldest === undefined) return false;
    const deadlineUs = oldest.sinceUs + this.#answerPatienceUs;
    if (nextTimerUs !== undefined && nextTimerUs <= deadlineUs) return true;
    throw new UnansweredRequestError(this.#unanswered(oldest, owed.length - 1, nextTimerUs));
  }

  #unanswered(oldest: AwaitedAnswer, others: number, nextTimerUs: number | undefined): string {
    const { env, sinceUs } = oldest;
    const why = nextTimerUs === undefined
      ? 'the app has no timer left that could answer it'
      : `the app's next timer is at ${formatMs(nextTimerUs)} ms, past the ${formatMs(this.#answerPatienceUs)} ms it may take`;
    const more = others === 0 ? '' : ` (and ${others} more request${others === 1 ? '' : 's'} unanswered)`;
    const real = this.#visit.realWork();
    const waiting = real.length === 0 ? '' : `; it may be waiting on real work, which virtual time cannot finish: ${real.join(', ')}`;
    return (
      `the app never answered ${env.request.method} ${env.request.path} (exchange #${env.exchangeId}, attempt ${env.attempt}, from ${env.client})${more}: ` +
      `it was handed the request at ${formatMs(sinceUs)} ms, and at ${formatMs(this.#sim.nowUs)} ms (virtual) nothing else is left to run and ${why}${waiting}`
    );
  }
}
