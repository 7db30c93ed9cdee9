import { describe, expect, it } from 'vitest';
import { plannedSeeds } from './runner.js';
import { benchSweepPlan, selectedSweeps, sweepLabel } from './sweep-plan.js';

describe("the bench's sweep plan", () => {
  it('sweeps latency-mix at 0%, 1%, 5% and 10% loss, then notes-lossy-mixed as written', () => {
    expect(benchSweepPlan.map((p) => sweepLabel(p.job))).toEqual([
      'sweep/latency-mix/none', 'sweep/latency-mix/loss=1%', 'sweep/latency-mix/loss=5%', 'sweep/latency-mix/loss=10%', 'sweep/notes-lossy-mixed/as-written',
    ]);
  });

  it('runs a fifth of the seeds with --quick, from the same first seed', () => {
    for (const p of benchSweepPlan) {
      expect(p.quickSeeds.first).toBe(p.seeds.first);
      expect(p.quickSeeds.last - p.quickSeeds.first + 1).toBe(Math.ceil((p.seeds.last - p.seeds.first + 1) / 5));
    }
    expect(plannedSeeds({ quick: true, filter: undefined }) * 5).toBe(plannedSeeds({ quick: false, filter: undefined }));
  });

  it('keeps the jobs --filter matches as sweep/<scenario>/<faults>, and none when it matches nothing', () => {
    expect(selectedSweeps({ filter: /loss=1/ }).map((p) => sweepLabel(p.job))).toEqual(['sweep/latency-mix/loss=1%', 'sweep/latency-mix/loss=10%']);
    expect(selectedSweeps({ filter: /^sweep\/notes/ })).toHaveLength(1);
    expect(selectedSweeps({ filter: /^round trips/ })).toEqual([]);
  });
});
