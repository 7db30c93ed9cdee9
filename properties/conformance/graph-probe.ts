import type { CheckContext } from './check.js';
import { type GraphAnswer, readGraphAnswer } from './graph-answer.js';
import { type LimitName, type ProbeOutcome, probeOutcome } from './graph-refusal-reason.js';
import { postGraph } from './graph-request.js';
import type { GraphShape } from './service-shape.js';
import type { WireExchange } from './wire.js';

/** One query sent in a boundary search, at one step (a depth, a rung of the cost ladder), and what it came to. */
export interface Trial {
  readonly at: number;
  readonly what: string;
  readonly exchange: WireExchange;
  readonly answer: GraphAnswer;
  readonly outcome: ProbeOutcome;
}

/** Codes that say only that a document was refused (Yoga's, Apollo's): the message says which limit. */
const genericCodes = new Set(['GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'BAD_USER_INPUT']);

/** `status reasons`, as the verdicts quote a refusal: each error's code, or its message when the code says nothing. */
export const refusal = (trial: Trial): string =>
  `${trial.answer.status} ${trial.answer.errors.map((e) => (e.code !== undefined && !genericCodes.has(e.code) ? e.code : e.message)).join(', ').slice(0, 160)}`;

export const refusedForLimit = (trial: Trial | undefined): boolean => trial?.outcome.kind === 'refused' && trial.outcome.forLimit;

/**
 * A search for the boundary of one limit over steps (depths, rungs): each step is sent at most once, and the
 * largest step that ran and the smallest that did not are kept, both reported by the checks.
 */
export class BoundarySearch {
  readonly #ctx: CheckContext;
  readonly #graph: GraphShape;
  readonly #limit: LimitName;
  readonly #document: (step: number) => { readonly what: string; readonly query: string };
  readonly trials = new Map<number, Trial>();
  /** The largest step that ran. */
  ran: Trial | undefined;
  /** The smallest step that did not run. */
  stopped: Trial | undefined;

  constructor(ctx: CheckContext, graph: GraphShape, limit: LimitName, document: (step: number) => { readonly what: string; readonly query: string }) {
    this.#ctx = ctx;
    this.#graph = graph;
    this.#limit = limit;
    this.#document = document;
  }

  async probe(step: number): Promise<Trial> {
    const known = this.trials.get(step);
    if (known !== undefined) return known;
    const { what, query } = this.#document(step);
    const exchange = await postGraph(this.#ctx, query);
    const answer = readGraphAnswer(exchange);
    const trial = { at: step, what, exchange, answer, outcome: probeOutcome(answer, this.#limit, this.#graph) };
    this.trials.set(step, trial);
    if (trial.outcome.kind === 'ran') {
      if (this.ran === undefined || step > this.ran.at) this.ran = trial;
    } else if (this.stopped === undefined || step < this.stopped.at) {
      this.stopped = trial;
    }
    return trial;
  }

  /** Sends the steps in order until one does not run. */
  async escalate(steps: readonly number[]): Promise<void> {
    for (const step of steps) {
      if (this.stopped !== undefined && step >= this.stopped.at) return;
      await this.probe(step);
    }
  }

  /** Halves the gap between the largest step that ran (or `floor`) and the smallest that did not, `rounds` times at most. */
  async bisect(floor: number, rounds: number): Promise<void> {
    for (let round = 0; round < rounds && this.stopped !== undefined; round++) {
      const low = this.ran?.at ?? floor;
      if (this.stopped.at - low <= 1) return;
      await this.probe(Math.floor((low + this.stopped.at) / 2));
    }
  }

  /** The steps refused for the limit under test, smallest first. */
  refusedForLimit(): Trial[] {
    return [...this.trials.values()].filter(refusedForLimit).sort((a, b) => a.at - b.at);
  }

  broken(): Trial[] {
    return [...this.trials.values()].filter((t) => t.outcome.kind === 'broken');
  }
}
