import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './latency-histogram.js';

function of(latenciesUs: readonly number[]): LatencyHistogram {
  const h = new LatencyHistogram();
  for (const us of latenciesUs) h.record(us);
  return h;
}

describe('LatencyHistogram', () => {
  it('gives percentiles within three significant digits of the exact ones', () => {
    const latencies = Array.from({ length: 10_000 }, (_, i) => 60_000 + i * 37);
    const h = of(latencies);
    const exact = (p: number) => latencies[Math.ceil((p / 100) * latencies.length) - 1]!;
    for (const p of [50, 90, 99, 99.9]) {
      expect(Math.abs(h.percentileUs(p) - exact(p)) / exact(p), `p${p}`).toBeLessThan(0.001);
    }
    expect(h.count).toBe(10_000);
    expect(h.summary().p50Ms).toBeCloseTo(exact(50) / 1000, 0);
  });

  it('added together, says what one histogram of all the values says: shards and workers merge exactly', () => {
    const a = [135_480, 635_480, 1_135_480];
    const b = [140_000, 2_000_000];
    const merged = of(a);
    merged.add(of(b));
    expect(merged.summary()).toEqual(of([...a, ...b]).summary());
  });

  it('survives its text encoding unchanged, for a CSV cell or a worker message', () => {
    const h = of([1, 135_480, 5_000_000]);
    const back = LatencyHistogram.decode(h.encode());
    expect(back.summary()).toEqual(h.summary());
    expect(back.cdf()).toEqual(h.cdf());
  });

  it('has a CDF that rises to 1 at the largest value, one point per distinct latency', () => {
    const cdf = of([100_000, 100_000, 100_000, 700_000]).cdf();
    expect(cdf.map((p) => p.share)).toEqual([0.75, 1]);
    expect(cdf.at(-1)!.latencyUs).toBeGreaterThanOrEqual(700_000);
    expect(new LatencyHistogram().cdf()).toEqual([]);
    expect(new LatencyHistogram().summary()).toEqual({ count: 0, p50Ms: 0, p90Ms: 0, p99Ms: 0, p999Ms: 0, maxMs: 0 });
  });
});
