import { fetchOrigin } from '../../sim/host/adapters/fetch-origin.js';
import { listenerOrigin } from '../../sim/host/adapters/listener-origin.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';
import { runGuestRoundTrips } from './guest-round-trips.js';
import { runHarnessRoundTrips } from './harness-round-trips.js';
import { trivialFetchApp, trivialListenerApp } from './trivial-notes-apps.js';
import { benchmarkWorkloadShape, notesWorkload, roundTripsIn } from './workload.js';

/**
 * The fetch adapter's speed goal: this fraction of the built-in origin's round trips per second (the
 * listener adapter's is 0.3×; the chart draws one goal per panel, and this is the higher).
 */
export const fetchAdapterTarget = { variant: 'fetch adapter trivial app', minRatioToReference: 0.5 } as const;

/**
 * adapter round trips: the harness's notes workload (trace off) with the origin a trivial app behind each
 * adapter, against apisim's own origin in the same rounds. The trivial app does less than apisim's origin
 * (no session, no policy, no idempotency record), so the ratio is an upper bound on what an adapter costs a
 * real app: what it shows is the price of the WHATWG objects or of Node's request and response objects per
 * request. docs/adapters.md ("Speed") says where that time goes.
 */
export function guestAdapterBenchmarks(): BenchmarkDefinition[] {
  const workload = notesWorkload(benchmarkWorkloadShape);
  const roundTrips = roundTripsIn(workload);
  const trips = { benchmark: 'adapter round trips', unit: 'round_trips_per_second', unitsPerIteration: roundTrips } as const;
  return [
    {
      ...trips,
      variant: 'built-in origin',
      isReference: true,
      run: async () => expectCount('built-in origin requests', (await runHarnessRoundTrips(workload, 'off')).topology.origin.requestsHandled, roundTrips),
    },
    {
      ...trips,
      variant: fetchAdapterTarget.variant,
      isReference: false,
      run: async () => {
        const { app, notes } = trivialFetchApp();
        await runGuestRoundTrips(workload, fetchOrigin(app));
        expectCount('notes the fetch app stored', notes.size, roundTrips);
      },
    },
    {
      ...trips,
      variant: 'listener adapter trivial app',
      isReference: false,
      run: async () => {
        const { app, notes } = trivialListenerApp();
        await runGuestRoundTrips(workload, listenerOrigin(app));
        expectCount('notes the listener stored', notes.size, roundTrips);
      },
    },
  ];
}
