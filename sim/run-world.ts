import type { RngStreams } from './rng.js';
import type { Simulation } from './simulation.js';
import type { Trace } from './trace.js';

/** What every part of one run shares: its clock and event queue, its record, and its random streams. */
export interface RunWorld {
  readonly sim: Simulation;
  readonly trace: Trace;
  /** The run's streams: each link and each client draws from its own. */
  readonly streams: RngStreams;
}
