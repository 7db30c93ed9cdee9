import { describe, expect, it } from 'vitest';
import type { HarnessRow } from './input.js';
import { simulatorCostLine } from './simulator-cost.js';

const row = (variant: string, ops: number): HarnessRow => ({
  benchmark: 'round trips', variant, unit: 'round_trips_per_second', ops_per_second: ops, ratio_to_reference: 1, reference_variant: 'reference loop',
  mean_ms_per_iteration: 1, rme_percent: 1, samples: 10,
});

describe("the simulator's own cost in the reports README", () => {
  it('gives the service, the simulator and the hash each in microseconds a round trip', () => {
    // 4 µs, 6.5 µs and 8 µs a round trip.
    const line = simulatorCostLine([row('reference loop', 250_000), row('harness trace off', 1_000_000 / 6.5), row('harness trace hash', 125_000)]);
    expect(line).toBe(
      'What one round trip costs on this machine: the service 4.00 µs (the reference loop), the simulator\'s own work 2.50 µs more (trace off), ' +
      'the trace hash 1.50 µs more (trace hash). Unlike the ratios, these do not fall when only the service gets faster.',
    );
  });

  it('is left out when a row is missing', () => {
    expect(simulatorCostLine([row('reference loop', 250_000), row('harness trace off', 200_000)])).toBeUndefined();
  });
});
