import { RngStreams } from '../rng.js';
import { Simulation } from '../simulation.js';
import { Trace, type TraceMode } from '../trace.js';
import type { GuestOrigin } from '../scenario/guest-origin.js';
import { GuestLoop } from '../scenario/guest-loop.js';
import { guestRestarts } from '../scenario/guest-restarts.js';
import { checkGuestScenario } from '../scenario/guest-scenario.js';
import { ownOrigin } from '../scenario/own-origin.js';
import { parseRunSettings, type RunSettings, type RunSettingsInput, type ScenarioSpec } from '../scenario/spec.js';
import { stageScenario } from '../scenario/stage.js';
import { Session } from './session.js';

export interface SessionOptions {
  readonly seed: number;
  /** The scenario's settings without steps: line, cache, client, graph, crashes. */
  readonly settings?: RunSettingsInput;
  readonly trace?: TraceMode;
}

export interface GuestSessionOptions extends SessionOptions {
  /** The app, and the world it is lent for the session (`sim/host/world/`). */
  readonly guest: GuestOrigin;
  readonly answerPatienceUs?: number;
}

/** The settings as a staged scenario sees them: no steps yet, none scheduled. */
const unstepped = (spec: RunSettings): ScenarioSpec => ({ ...spec, steps: [], subscriptions: [] });

/** A session on apisim's own origin: its steps carry their own credentials (`auth: "none"`), as a guest's do. */
export function openOwnSession(options: SessionOptions): Session {
  const settings = options.settings ?? {};
  const spec = parseRunSettings(settings);
  const sim = new Simulation();
  const trace = new Trace(options.trace ?? 'full');
  const streams = new RngStreams(options.seed);
  const { first, restarts } = ownOrigin(spec, sim, streams);
  const stage = stageScenario(unstepped(spec), { sim, trace, streams, origin: first, restarts, credential: () => ({ name: 'none', headers: undefined }) });
  return new Session({
    seed: options.seed, settings, spec, sim, trace, stage, loop: undefined, ownOrigin: true,
    state: () => stage.top.origin.process.state(),
    leave: () => undefined,
  });
}

/** A session on a guest's app, lent a virtual world until `close`; with crashes only if the app can restart. */
export async function openGuestSession(options: GuestSessionOptions): Promise<Session> {
  const settings = options.settings ?? {};
  const spec = parseRunSettings(settings);
  checkGuestScenario(unstepped(spec), options.guest.restartable);
  const sim = new Simulation();
  const trace = new Trace(options.trace ?? 'full');
  const streams = new RngStreams(options.seed);
  const visit = await options.guest.enter(sim, streams.stream('guest'));
  try {
    const stage = stageScenario(unstepped(spec), { sim, trace, streams, origin: visit.process, restarts: guestRestarts(spec.crashes, visit), originAnswers: 'detached', credential: () => ({ name: 'none', headers: undefined }) });
    return new Session({
      seed: options.seed, settings, spec, sim, trace, stage, loop: new GuestLoop(sim, visit, stage.top.origin, trace, options.answerPatienceUs), ownOrigin: false,
      state: () => visit.state(),
      leave: () => visit.leave(),
    });
  } catch (error) {
    visit.leave();
    throw error;
  }
}
