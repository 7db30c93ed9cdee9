import { defaultClientSettings } from '../../src/client/settings.js';
import { type Headers, request } from '../../src/http/message.js';
import { createOrigin, type Origin } from '../../src/origin.js';
import { testEnvironment } from '../../src/testing-kit.js';
import { unlimitedOriginSettings } from './reference-loop.js';
import { RngStreams } from '../../sim/rng.js';
import { Simulation } from '../../sim/simulation.js';
import { defaultTopologySettings, Topology } from '../../sim/topology.js';
import { Trace, type TraceMode } from '../../sim/trace.js';
import type { NotesWorkload } from './workload.js';

export interface HarnessRun {
  readonly sim: Simulation;
  readonly trace: Trace;
  readonly topology: Topology;
  readonly origin: Origin;
}

/** Client `c` of the workload is named `client-c`, so tests can find its exchanges. */
export function clientName(index: number): string {
  return `client-${index}`;
}

/**
 * Starts every client's PUTs, each client keeping `inFlightPerClient` outstanding and starting the next
 * whenever a response arrives; `sim.run()` then plays them out. Client `c`'s PUTs carry `headersOf(c)`.
 */
export function startWorkload(topology: Topology, workload: NotesWorkload, headersOf: (client: number) => Headers): void {
  workload.clients.forEach((puts, c) => {
    const client = topology.client(clientName(c));
    const headers = headersOf(c);
    let next = 0;
    const send = (): void => {
      if (next >= puts.length) return;
      const put = puts[next++]!;
      client.start(request('PUT', put.path, headers, put.body), send);
    };
    for (let w = 0; w < workload.inFlightPerClient; w++) send();
  });
}

/**
 * The workload through the real harness, built fresh each run as a scenario would: setting up the topology
 * is part of a run's cost. Faults are off (the reference has none), so the seed changes nothing.
 */
export async function runHarnessRoundTrips(workload: NotesWorkload, traceMode: TraceMode, seed = 1): Promise<HarnessRun> {
  const sim = new Simulation();
  const trace = new Trace(traceMode);
  const origin = createOrigin({ ...testEnvironment(), now: sim.now }, unlimitedOriginSettings);
  const alice = origin.accounts.byId(1)!;
  const topology = new Topology({ sim, trace, streams: new RngStreams(seed), origin, settings: defaultTopologySettings, clientSettings: defaultClientSettings });

  startWorkload(topology, workload, () => ({ cookie: `sid=${origin.login.openSession(alice, 0)}`, 'content-type': 'application/json' }));
  await sim.run();
  return { sim, trace, topology, origin };
}
