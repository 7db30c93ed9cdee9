import { RngStreams } from '../rng.js';
import { Simulation } from '../simulation.js';
import { Trace } from '../trace.js';
import type { GuestOrigin } from './guest-origin.js';
import { GuestLoop } from './guest-loop.js';
import { guestRestarts } from './guest-restarts.js';
import { checkGuestScenario } from './guest-scenario.js';
import type { GuestRunResult } from './result.js';
import { defaultMaxEvents, type RunOptions } from './run.js';
import type { ScenarioSpec } from './spec.js';
import { recordOf, stageScenario } from './stage.js';

export interface GuestRunOptions extends RunOptions {
  /** The app, and the world it is lent (`sim/host/world/`). */
  readonly guest: GuestOrigin;
  /** How long a request may wait once only the app's timers could answer it (`GuestLoop`). */
  readonly answerPatienceUs?: number;
}

/**
 * A scenario against a guest's app instead of apisim's own origin. The same network, clients, cache, faults
 * and trace; the app gets a fresh virtual world for the run (`GuestOrigin.enter`), given back when the run
 * ends, also when it fails. Crashes need the app's restart hook (`GuestVisit.restart`). Its answers are detached (`OriginAnswers`): one that waits on the app's own
 * timer leaves when that timer has fired and the app's promises have settled.
 */
export async function runScenarioOnGuest(name: string, spec: ScenarioSpec, options: GuestRunOptions): Promise<GuestRunResult> {
  checkGuestScenario(spec, options.guest.restartable);
  const sim = new Simulation();
  const trace = new Trace(options.trace ?? 'full');
  const streams = new RngStreams(options.seed);
  const visit = await options.guest.enter(sim, streams.stream('guest'));
  try {
    // No credentials are minted: a step sends the headers it carries.
    const credential = () => ({ name: 'none', headers: undefined });
    const stage = stageScenario(spec, { sim, trace, streams, origin: visit.process, restarts: guestRestarts(spec.crashes, visit), originAnswers: 'detached', credential });
    await sim.run({ maxEvents: options.maxEvents ?? defaultMaxEvents }, new GuestLoop(sim, visit, stage.top.origin, trace, options.answerPatienceUs));
    return { ...recordOf(name, spec, options.seed, sim, trace, stage, () => 'none'), guestState: visit.state(), notVirtual: visit.notVirtual(), appOutput: visit.output() };
  } finally {
    visit.leave();
  }
}
