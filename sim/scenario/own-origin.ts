import { createOrigin, type Origin, type OriginEnvironment } from '../../src/origin.js';
import { createOriginStorage } from '../../src/origin-storage.js';
import type { OriginRestarts } from '../nodes/origin-life.js';
import type { Rng, RngStreams } from '../rng.js';
import type { Simulation } from '../simulation.js';
import { originSettingsFrom } from './settings.js';
import type { RunSettings } from './spec.js';

/** apisim's own origin for one run: the process that starts it, and how a crash replaces it on the same storage. */
export interface OwnOrigin {
  readonly first: Origin;
  readonly restarts: OriginRestarts<Origin>;
}

/** The origin a scenario or a session runs on when it names no app of its own. */
export function ownOrigin(settings: RunSettings, sim: Simulation, streams: RngStreams): OwnOrigin {
  const env = originEnvironment(sim, streams.stream('origin'));
  const originSettings = originSettingsFrom(settings);
  const storage = createOriginStorage(env.now, env.newId, originSettings);
  const first = createOrigin(env, originSettings, storage);
  // A crash replaces the process with a new one on the same storage; `top.origin.process` is the one serving.
  return { first, restarts: { crashes: settings.crashes, restart: () => createOrigin(env, originSettings, storage) } };
}

/** Virtual time, and ids and the signing key from the origin's own random stream. */
function originEnvironment(sim: Simulation, rng: Rng): OriginEnvironment {
  const signingKey = new Uint8Array(32);
  for (let i = 0; i < signingKey.length; i++) signingKey[i] = rng.int(0, 255);
  return { now: sim.now, newId: () => rng.uuid(), signingKey };
}
