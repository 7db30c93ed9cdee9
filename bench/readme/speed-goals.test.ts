import { describe, expect, it } from 'vitest';
import type { HarnessRow } from './input.js';
import { speedGoalLines } from './speed-goals.js';

const row = (benchmark: string, variant: string, ops: number, ratio: number, meanMs = 1): HarnessRow => ({
  benchmark, variant, unit: 'x', ops_per_second: ops, ratio_to_reference: ratio, reference_variant: 'r', mean_ms_per_iteration: meanMs, rme_percent: 1, samples: 10,
});

describe('the speed goals in the local reports README', () => {
  it('judges each goal on the rows: PASS, MISS, and trace hash against trace off by their rates', () => {
    const lines = speedGoalLines([
      row('graph pipeline', 'pipeline warm document cache', 100, 5.2),
      row('graph pipeline', 'graphql-jit bare', 130, 7),
      row('graph pipeline', 'pipeline cold document cache', 100, 0.79),
      row('round trips', 'harness trace off', 1_000, 0.75),
      row('round trips', 'harness trace hash', 790, 0.6),
      row('linearizability check: 10,000 operations', '10 clients per note', 50_000, 0.4, 213.1),
      row('linearizability check: 10,000 operations', '20 clients per note', 8_000, 0.05, 12_500),
      row('linearizability check: 10,000 operations', '20 clients, one note of 10,000', 7_000, 0.04, 1_430),
    ]);
    expect(lines).toEqual([
      expect.stringMatching(/^- \*\*PASS\*\*: graph warm path/),
      '- **MISS**: graph warm path vs graphql-jit bare: 0.769× (goal ≥ 0.800×)',
      expect.stringMatching(/^- \*\*MISS\*\*: graph cold path/),
      expect.stringMatching(/^- \*\*PASS\*\*: trace hash vs the reference loop/),
      expect.stringMatching(/^- \*\*MISS\*\*: trace hash vs trace off: 0\.79/),
      '- **PASS**: linearizability, 10,000 operations, 10 clients per note: 213.1 ms a check (goal < 1,000 ms)',
      '- **MISS**: linearizability, 10,000 operations, 20 clients per note: 12,500.0 ms a check (goal < 10,000 ms)',
      '- **MISS**: linearizability, one note of 10,000 vs ten of 1,000, 20 clients: 0.875× (goal ≥ 0.900×)',
    ]);
  });

  it('says a goal was not measured when the run has no row for it', () => {
    expect(speedGoalLines([])).toHaveLength(8);
    expect(speedGoalLines([]).every((line) => line.includes('NOT MEASURED'))).toBe(true);
  });
});
