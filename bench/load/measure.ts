import autocannon from 'autocannon';
import { LatencyHistogram } from '../../sim/stats/latency-histogram.js';
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
 * Latencies go into our own histogram in microseconds: autocannon's counts whole milliseconds, and on
 * loopback most answers take less than one, so its p50 would read 0.
 */
export async function measure(url: string, workload: Workload, cookie: string, options: MeasureOptions): Promise<Measurement> {
  const latencies = new LatencyHistogram();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const opts = { url, connections: options.connections, pipelining: 1, duration: options.durationSeconds, sampleInt: Math.min(1_000, options.durationSeconds * 1_000), requests: workload.requests(cookie) };
    const instance = autocannon(opts, (error, done) => (error === null || error === undefined ? resolve(done) : reject(error as Error)));
    // Only 2xx answers, as autocannon's own latency histogram counts them.
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode >= 200 && statusCode < 300) latencies.record(responseTimeMs * 1_000);
    });
  });
  return {
    requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50Ms: latencies.percentileUs(50) / 1_000,
    p99Ms: latencies.percentileUs(99) / 1_000,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
