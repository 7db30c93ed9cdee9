import type { Exchange } from '../exchange.js';
import type { OriginProcess } from '../nodes/origin-process.js';
import type { Guest } from '../guest.js';
import type { Simulation } from '../simulation.js';
import type { Trace } from '../trace.js';
import type { RunRecord } from '../scenario/result.js';
import { defaultMaxEvents } from '../scenario/run.js';
import { parseStep, type RunSettings, type RunSettingsInput, ScenarioError, type ScenarioInput, type StepInput, type StepSpec } from '../scenario/spec.js';
import { recordOf, type Stage } from '../scenario/stage.js';
import { requestFrom } from '../scenario/steps.js';
import { withCaptures } from './recorded-captures.js';
import type { HttpRequest } from '../../src/http/message.js';

/**
 * What a session sends: a scenario step without its time, which is the session's now, and without captures:
 * a session's caller reads the answers itself, and its text is sent as written (`{{…}}` too).
 */
export type SessionRequest = Omit<StepInput, 'atUs' | 'auth' | 'capture'> & { readonly client: string };

/** When a batch may start, besides "now": a caller that waits (a `Retry-After`) waits on the virtual clock, and the recording keeps the wait. */
export interface SendTiming {
  /** Start no earlier than this virtual time. */
  readonly notBeforeUs?: number;
}

/** The most steps one session may send: a scenario's limit, so that what it records is a scenario. */
export const maxSessionSteps = 100_000;

/** What opening a session on one origin or another hands the session. */
export interface SessionParts<P extends OriginProcess> {
  readonly seed: number;
  /** The settings as given, for the recorded scenario, and as parsed. */
  readonly settings: RunSettingsInput;
  readonly spec: RunSettings;
  readonly sim: Simulation;
  readonly trace: Trace;
  readonly stage: Stage<P>;
  /** The guest's loop, for a guest's app; none for apisim's own origin. */
  readonly loop: Guest | undefined;
  /** apisim's own origin gives a step without `auth` a credential of its own: its steps are written `auth: "none"`. */
  readonly ownOrigin: boolean;
  /** The origin's state now. */
  state(): unknown;
  /** Gives back what the origin was lent (a guest's world); safe to call twice. */
  leave(): void;
}

/** A session's run so far: the scenario's record, and the origin's state. */
export interface SessionRecord extends RunRecord {
  readonly state: unknown;
}

/**
 * A run whose steps are decided as it goes: a check or a property sends a request, the simulator runs until
 * everything it set off has settled (the response came or the client gave up, the line is quiet), and the
 * next request may depend on the answer (a session cookie, the id of what was created).
 *
 * Every step is recorded with the virtual time it was sent at, so `scenario()` is a scenario file that
 * replays the session: its steps are scheduled before its run, and a session's steps take insertion
 * numbers set aside before its run (`Simulation.reserveOrder`), so both run their events in one order and
 * end with the same trace hash. A step starts a microsecond after what it was decided on, and steps sent
 * together are a microsecond apart, so that no step of the recording shares a time with an event that ran
 * before it was sent, or with another step.
 */
export class Session<P extends OriginProcess = OriginProcess> {
  readonly #parts: SessionParts<P>;
  readonly #steps: StepSpec[] = [];
  readonly #requests: HttpRequest[] = [];
  readonly #exchanges: (Exchange | undefined)[] = [];
  readonly #firstSeq: number;
  #lastAtUs = -1;
  #running = false;
  #broken: string | undefined = undefined;

  constructor(parts: SessionParts<P>) {
    this.#parts = parts;
    this.#firstSeq = parts.sim.reserveOrder(maxSessionSteps);
  }

  get seed(): number {
    return this.#parts.seed;
  }

  get nowUs(): number {
    return this.#parts.sim.nowUs;
  }

  /** The run's record so far: its events, when the session keeps them (`full`). */
  get trace(): Trace {
    return this.#parts.trace;
  }

  /** Every step's exchange so far, in the order sent. */
  get exchanges(): readonly Exchange[] {
    return this.#exchanges.filter((x): x is Exchange => x !== undefined);
  }

  get stepCount(): number {
    return this.#steps.length;
  }

  send(request: SessionRequest, timing: SendTiming = {}): Promise<Exchange> {
    return this.sendTogether([request], timing).then(([exchange]) => exchange!);
  }

  /** Starts the requests at once (a microsecond apart, in this order) and runs until all have settled. */
  async sendTogether(requests: readonly SessionRequest[], timing: SendTiming = {}): Promise<Exchange[]> {
    if (this.#broken !== undefined) throw new ScenarioError(`the session cannot go on: its run failed earlier (${this.#broken})`);
    if (this.#running) throw new ScenarioError('a session sends one batch at a time: await send, or give sendTogether every request that starts at once');
    if (this.#steps.length + requests.length > maxSessionSteps) throw new ScenarioError(`a session sends at most ${maxSessionSteps} steps`);
    const { sim, stage } = this.#parts;
    const indices: number[] = [];
    // What ran at `nowUs` ran before this step was decided, so the step starts a microsecond later: in the
    // recording, where it is scheduled before the run, it would otherwise come first.
    const earliestUs = Math.max(sim.eventsRun === 0 ? sim.nowUs : sim.nowUs + 1, timing.notBeforeUs ?? 0);
    for (const request of requests) {
      const atUs = Math.max(earliestUs, this.#lastAtUs + 1);
      const i = this.#steps.length;
      const step = parseStep({ ...request, atUs, ...(this.#parts.ownOrigin ? { auth: 'none' } : {}) }, `step ${i}`);
      const sent = requestFrom(step);
      this.#steps.push(step);
      this.#requests.push(sent);
      this.#exchanges.push(undefined);
      this.#lastAtUs = atUs;
      indices.push(i);
      const client = stage.top.client(step.client);
      sim.scheduleReserved(atUs, this.#firstSeq + i, () => {
        this.#exchanges[i] = client.start(sent);
      });
    }
    this.#running = true;
    try {
      await sim.run({ maxEvents: defaultMaxEvents }, this.#parts.loop);
    } catch (error) {
      this.#broken = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      this.#running = false;
    }
    return indices.map((i) => this.#exchanges[i]!);
  }

  /** The origin's state now: a guest's `state(app)`, or apisim's own origin's stores. */
  state(): unknown {
    return this.#parts.state();
  }

  /**
   * The session so far as a scenario: its settings and every step at the time it was sent, with what a step
   * sent on from an earlier answer written as a capture (`recorded-captures.ts`), so that it replays on other
   * seeds too.
   */
  scenario(name?: string, description?: string): ScenarioInput {
    return {
      ...(name === undefined ? {} : { name }),
      ...(description === undefined ? {} : { description }),
      ...this.#parts.settings,
      steps: withCaptures(this.#steps, this.#exchanges).map(stepInput),
    };
  }

  /** What a scenario run of these steps says at its end, as `runScenario` words it, and the origin's state. */
  record(name: string): SessionRecord {
    const { seed, sim, trace, stage, spec } = this.#parts;
    const ran = { ...stage, requests: this.#requests, stepExchanges: this.#exchanges };
    return { ...recordOf(name, { ...spec, steps: this.#steps, subscriptions: [] }, seed, sim, trace, ran, () => 'none'), state: this.#parts.state() };
  }

  /** Ends the session: a guest's app gives back its world. Safe to call twice. */
  close(): void {
    this.#parts.leave();
  }
}

/** A step as a scenario file writes it: no empty headers, no defaults spelt out. */
function stepInput(step: StepSpec): StepInput {
  const { headers, body, rawBody, capture, ...rest } = step;
  return {
    ...rest,
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
    ...(body === undefined ? {} : { body }),
    ...(rawBody === undefined ? {} : { rawBody }),
    ...(capture === undefined ? {} : { capture }),
  };
}
