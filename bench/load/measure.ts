import autocannon from 'autocannon';
import type { Workload } from './workloads.js';

/** What one autocannon run of one workload against one URL measured. */
export interface Measurement {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** Connection errors and timeouts: requests that got no answer at all. */
  readonly errors: number;
}

export interface MeasureOptions {
  readonly durationSeconds: number;
  readonly connections: number;
}

/**
 * One bounded run: `connections` keep-alive connections, one request in flight on each (no pipelining, as
 * browsers and fetch send), for `durationSeconds`. The rate is completed requests over the run's own
 * duration rather than autocannon's per-second samples, so a run shorter than a second still has one.
 * autocannon only looks at its stop flag when it takes a sample, so a short run samples as often as it lasts.
 */
export async function measure(url: string, workload: Workload, cookie: string, options: MeasureOptions): Promise<Measurement> {
  const result = await autocannon({ url, connections: options.connections, pipelining: 1, duration: options.durationSeconds, sampleInt: Math.min(1_000, options.durationSeconds * 1_000), requests: workload.requests(cookie) });
  return {
    requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
