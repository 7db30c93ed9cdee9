import type { Origin } from '../../src/origin.js';
import type { HttpResponse } from '../../src/http/message.js';
import { type Envelope, type RequestEnvelope, responseTo } from '../envelope.js';
import type { Link } from '../link.js';
import type { SimNode } from '../node.js';
import { formatMs, type Simulation } from '../simulation.js';
import { messageEvent, type Trace } from '../trace.js';

/**
 * Runs the origin's handler on the virtual clock: each request takes `processingUs`, requests are served
 * concurrently (no queue at the origin), and the effect and the response happen at the end of that time.
 */
export class OriginNode implements SimNode {
  readonly name: string;
  requestsHandled = 0;
  readonly #sim: Simulation;
  readonly #trace: Trace;
  readonly #origin: Origin;
  readonly #processingUs: number;
  readonly #processNote: string;

  constructor(name: string, sim: Simulation, trace: Trace, origin: Origin, processingUs: number) {
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
    if (this.#trace.on) this.#trace.record(messageEvent(this.#sim.nowUs, 'process', this.name, this.name, out, this.#processNote));
    via.send(this, out);
  }
}
