import { defaultClientSettings } from '../../src/client/settings.js';
import type { OriginProcess } from '../../sim/nodes/origin-process.js';
import { RngStreams } from '../../sim/rng.js';
import { Simulation } from '../../sim/simulation.js';
import { defaultTopologySettings, Topology } from '../../sim/topology.js';
import { Trace } from '../../sim/trace.js';
import { startWorkload } from './harness-round-trips.js';
import type { NotesWorkload } from './workload.js';

/** The harness's workload with `origin` (an adapter around some app) in place of apisim's, trace off. */
export async function runGuestRoundTrips(workload: NotesWorkload, origin: OriginProcess): Promise<Topology> {
  const sim = new Simulation();
  const topology = new Topology({ sim, trace: new Trace('off'), streams: new RngStreams(1), origin, settings: defaultTopologySettings, clientSettings: defaultClientSettings });
  startWorkload(topology, workload, () => ({ 'content-type': 'application/json' }));
  await sim.run();
  return topology;
}
