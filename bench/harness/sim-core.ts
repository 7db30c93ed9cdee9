import type { TraceMode } from '../../sim/trace.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';
import { benchmarkChurnShape, churnOffsetsUs, runHarnessChurn, runReferenceChurn } from './event-churn.js';
import { runHarnessRoundTrips } from './harness-round-trips.js';
import { runReferenceRoundTrips } from './reference-loop.js';
import { benchmarkWorkloadShape, notesWorkload, roundTripsIn } from './workload.js';

/**
 * The simulator's own speed target: the harness must reach this fraction of the reference loop's round trips
 * per second with recording off.
 */
export const roundTripTarget = { variant: 'harness trace off', minRatioToReference: 1 / 3 } as const;

/**
 * 1. queue events: the harness `Simulation` against the bare heap on the same churn of events. Both heaps
 *    are the same algorithm, so the ratio is the price of the loop around it (delay checks, cancellation,
 *    the async-capable run loop).
 * 2. round trips: the notes workload through the real topology, with each trace mode, against the reference
 *    loop doing the same hops and the same JSON work.
 */
export function simCoreBenchmarks(): BenchmarkDefinition[] {
  const churn = benchmarkChurnShape;
  const offsetsUs = churnOffsetsUs();
  const queue = { benchmark: 'queue events', unit: 'events_per_second', unitsPerIteration: churn.eventsPerRun } as const;

  const workload = notesWorkload(benchmarkWorkloadShape);
  const roundTrips = roundTripsIn(workload);
  const trips = { benchmark: 'round trips', unit: 'round_trips_per_second', unitsPerIteration: roundTrips } as const;
  const harnessTrips = (mode: TraceMode): BenchmarkDefinition => ({
    ...trips,
    variant: `harness trace ${mode}`,
    isReference: false,
    run: async () => {
      const run = await runHarnessRoundTrips(workload, mode);
      expectCount(`origin requests (trace ${mode})`, run.topology.origin.requestsHandled, roundTrips);
    },
  });

  return [
    {
      ...queue,
      variant: 'harness Simulation',
      isReference: false,
      run: async () => expectCount('harness events', (await runHarnessChurn(churn, offsetsUs)).eventsRun, churn.eventsPerRun),
    },
    {
      ...queue,
      variant: 'reference loop',
      isReference: true,
      run: () => expectCount('reference events', runReferenceChurn(churn, offsetsUs).eventsRun, churn.eventsPerRun),
    },
    {
      ...trips,
      variant: 'reference loop',
      isReference: true,
      run: () => expectCount('reference notes', runReferenceRoundTrips(workload).origin.state().notes.length, roundTrips),
    },
    harnessTrips('off'),
    harnessTrips('hash'),
    harnessTrips('full'),
  ];
}
