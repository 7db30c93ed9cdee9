import type { RequestHandler } from '../../src/http/handler.js';
import type { HttpResponse } from '../../src/http/message.js';
import type { EnumerationAlert } from '../../src/policy/enumeration-detector.js';
import { type Envelope, type RequestEnvelope, responseTo } from '../envelope.js';
import type { Link } from '../link.js';
import type { SimNode } from '../node.js';
import { formatMs, type Simulation } from '../simulation.js';
import { messageEvent, type Trace } from '../trace.js';

/** An origin that raises alerts (the real one does; a stand-in in a test need not). */
export interface AlertSource {
  readonly alerts?: readonly EnumerationAlert[];
}

/**
 * Runs the origin's handler on the virtual clock: each request takes `processingUs`, requests are served
 * concurrently (no queue at the origin), and the effect and the response happen at the end of that time.
 */
export class OriginNode implements SimNode {
  readonly name: string;
  requestsHandled = 0;
  readonly #sim: Simulation;
  readonly #trace: Trace;
  readonly #origin: RequestHandler & AlertSource;
  readonly #processingUs: number;
  readonly #processNote: string;
  #alertsSeen = 0;

  constructor(name: string, sim: Simulation, trace: Trace, origin: RequestHandler & AlertSource, processingUs: number) {
    this.name = name;
    this.#sim = sim;
    this.#trace = trace;
    this.#origin = origin;
    this.#processingUs = processingUs;
    this.#processNote = `handled in ${formatMs(processingUs)} ms`;
  }

  receive(env: Envelope, via: Link): void {
    if (env.kind !== 'request') return;
    this.#sim.schedule(this.#processingUs, () => this.#process(env, via));
  }

  #process(env: RequestEnvelope, via: Link): void | Promise<void> {
    this.requestsHandled++;
    const result = this.#origin.handle(env.request);
    if (result instanceof Promise) return result.then((res) => this.#reply(env, via, res));
    this.#reply(env, via, result);
  }

  #reply(env: RequestEnvelope, via: Link, res: HttpResponse): void {
    const out = responseTo(env, res);
    if (this.#trace.on) {
      this.#trace.record(messageEvent(this.#sim.nowUs, 'process', this.name, this.name, out, this.#processNote));
      this.#recordAlerts(env);
    }
    via.send(this, out);
  }

  /** New alerts appear in the trace right after the request that raised them. */
  #recordAlerts(env: RequestEnvelope): void {
    const alerts = this.#origin.alerts;
    if (alerts === undefined) return;
    for (; this.#alertsSeen < alerts.length; this.#alertsSeen++) {
      const a = alerts[this.#alertsSeen]!;
      const note = `${a.username ?? `user ${a.userId}`} drew 403/404 on ${a.resource} ${a.ids.join(', ')} within ${a.windowUs / 1_000_000} s`;
      this.#trace.record({ ...messageEvent(this.#sim.nowUs, 'alert', this.name, this.name, env, note), bytes: 0 });
    }
  }
}
