import { describe, expect, it } from 'vitest';
import type { BenchmarkDefinition } from './definition.js';
import { harnessBenchmarks, harnessCsv, runHarness, selectBenchmarks } from './harness.js';

const names = (definitions: readonly BenchmarkDefinition[]): string[] => definitions.map((d) => `${d.benchmark}/${d.variant}`);

describe('the harness benchmarks', () => {
  it('give every benchmark exactly one reference', async () => {
    const all = await harnessBenchmarks();
    const benchmarks = new Set(all.map((d) => d.benchmark));
    expect(benchmarks.size).toBeGreaterThanOrEqual(7);
    for (const benchmark of benchmarks) expect(all.filter((d) => d.benchmark === benchmark && d.isReference)).toHaveLength(1);
  });

  it('keep the reference of a benchmark whose other variant the filter selects', async () => {
    const selected = selectBenchmarks(await harnessBenchmarks(), /warm/g);
    expect(names(selected)).toEqual(['graph pipeline/graphql() plain', 'graph pipeline/pipeline warm document cache']);
  });

  it('run the selected variants in rounds and write one row each, with the ratio to the reference of the same run', async () => {
    const progress: string[] = [];
    const result = await runHarness({ quick: true, filter: /^queue events\/harness/, onProgress: (line) => progress.push(line) });
    expect(result.rows.map((r) => [r.variant, r.reference_variant])).toEqual([['harness Simulation', 'reference loop'], ['reference loop', 'reference loop']]);
    expect(result.rows[1]!.ratio_to_reference).toBe(1);
    expect(progress).toHaveLength(result.plan.rounds * 2);
    expect(result.verdict).toBeUndefined();
    expect(harnessCsv(result.rows).split('\n')[0]).toBe(
      'benchmark,variant,unit,ops_per_second,ratio_to_reference,reference_variant,mean_ms_per_iteration,rme_percent,samples',
    );
  });
});
