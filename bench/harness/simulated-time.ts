import type { TraceMode } from '../../sim/trace.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';
import { type MixedTrafficShape, runMixedTraffic, simulatedHourShape } from './mixed-traffic.js';

/** The checks every long run must pass: each request answered with a 2xx, and the clock past the traffic. */
export async function runSimulatedHour(shape: MixedTrafficShape, traceMode: TraceMode): Promise<{ readonly requests: number; readonly endUs: number }> {
  const run = await runMixedTraffic(shape, traceMode);
  expectCount('mixed traffic: requests answered', run.responses, run.requestsStarted);
  expectCount('mixed traffic: requests that succeeded', run.successes, run.responses);
  const lastStartUs = shape.untilUs - 2 * shape.meanThinkUs;
  if (run.sim.nowUs < lastStartUs) throw new Error(`mixed traffic ended at ${run.sim.nowUs} µs, before ${lastStartUs} µs`);
  return { requests: run.requestsStarted, endUs: run.sim.nowUs };
}

/**
 * simulated time: an hour of mixed traffic from 50 clients (notes read, written and added, orders read, the
 * nested graph query) through the full topology. There is no hand-written reference for a mix this wide, and
 * converting the round-trip reference's rate would compare against a workload that was not run; so the
 * reference is the run with recording off itself (ratio 1), and the bounded full trace beside it says what
 * recording costs on a long run.
 */
export function simulatedTimeBenchmarks(shape: MixedTrafficShape = simulatedHourShape): BenchmarkDefinition[] {
  const shared = { benchmark: 'simulated time', unit: 'simulated_seconds_per_wall_second', unitsPerIteration: shape.untilUs / 1_000_000 } as const;
  // The workload is seeded: every run must start exactly as many requests as the first.
  let requests: number | undefined;
  const hour = (mode: TraceMode): BenchmarkDefinition => ({
    ...shared,
    variant: mode === 'off' ? 'mixed hour trace off' : 'mixed hour trace full bounded',
    isReference: mode === 'off',
    // About a second per iteration: a few per round keep the bench short, and one run averages 7,000 requests.
    minIterationsPerRound: 2,
    run: async () => {
      const run = await runSimulatedHour(shape, mode);
      requests ??= run.requests;
      expectCount('mixed traffic: requests started', run.requests, requests);
    },
  });
  return [hour('off'), hour('full')];
}
