import * as hdr from 'hdr-histogram-js';

/**
 * Latencies of many exchanges kept as an HDR histogram (hdr-histogram-js): a fixed footprint however many are
 * recorded, three significant digits at every magnitude (1 µs to an hour), and mergeable, so that a run can
 * fold its exchanges into one instead of keeping each, and a seed sweep can add the histograms its workers
 * and its shards send back. Values are virtual microseconds.
 */
export class LatencyHistogram {
  readonly #histogram: hdr.Histogram;

  constructor(histogram?: hdr.Histogram) {
    this.#histogram = histogram ?? hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: highestUs, numberOfSignificantValueDigits: 3 });
  }

  /** A latency over an hour is recorded as an hour: no simulated exchange waits that long, and none is lost. */
  record(latencyUs: number): void {
    this.#histogram.recordValue(Math.min(Math.max(1, Math.round(latencyUs)), highestUs));
  }

  add(other: LatencyHistogram): void {
    this.#histogram.add(other.#histogram);
  }

  get count(): number {
    return this.#histogram.totalCount;
  }

  /** The latency at or below which `percent` of the recorded ones fall (0 when none was recorded). */
  percentileUs(percent: number): number {
    return this.count === 0 ? 0 : this.#histogram.getValueAtPercentile(percent);
  }

  /** At the histogram's precision, like the percentiles, so that a histogram and its decoded copy say the same. */
  get maxUs(): number {
    return this.percentileUs(100);
  }

  get meanUs(): number {
    return this.count === 0 ? 0 : this.#histogram.mean;
  }

  /** The summary every report shows, in milliseconds with three decimals. */
  summary(): LatencySummary {
    const ms = (us: number) => Math.round(us) / 1000;
    return {
      count: this.count, p50Ms: ms(this.percentileUs(50)), p90Ms: ms(this.percentileUs(90)), p99Ms: ms(this.percentileUs(99)),
      p999Ms: ms(this.percentileUs(99.9)), maxMs: ms(this.maxUs),
    };
  }

  /**
   * The cumulative distribution for a chart: the latency at each of `cdfPercentiles` (finer towards the tail,
   * where loss and re-sends put the interesting steps), each distinct latency once with the largest share at it.
   */
  cdf(): { readonly latencyUs: number; readonly share: number }[] {
    if (this.count === 0) return [];
    const points: { latencyUs: number; share: number }[] = [];
    for (const percent of cdfPercentiles) {
      const latencyUs = this.percentileUs(percent);
      const last = points.at(-1);
      const share = Math.round(percent * 100) / 10_000;
      if (last !== undefined && last.latencyUs === latencyUs) last.share = share;
      else points.push({ latencyUs, share });
    }
    return points;
  }

  /** The histogram as compressed base64 text (HdrHistogram's own encoding), for a CSV cell or a worker's message. */
  encode(): string {
    return hdr.encodeIntoCompressedBase64(this.#histogram);
  }

  static decode(text: string): LatencyHistogram {
    return new LatencyHistogram(hdr.decodeFromCompressedBase64(text, 32, false));
  }
}

export interface LatencySummary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  readonly maxMs: number;
}

const highestUs = 3_600_000_000;

/**
 * A CDF's y axis counts nines: 1 is 90 %, 2 is 99 %, 3 is 99.9 % (HdrHistogram's percentile plots do the
 * same). On a plain 0–1 axis everything past the first re-send is squeezed into the top few pixels, and the
 * tail is where loss levels differ. The top of the axis is 99.99 %: the largest latency is drawn there.
 */
export const cdfTopNines = 4;

/** The axis' labels, one per nine from 0 up to `cdfTopNines`. */
export const ninesLabels: readonly string[] = ['0%', '90%', '99%', '99.9%', '99.99%'];

/** A share of a CDF (0 to 1) as nines, for the axis of `cdfTopNines`. */
export function ninesOf(share: number): number {
  if (share >= 1 - 10 ** -cdfTopNines) return cdfTopNines;
  if (share <= 0) return 0;
  // Rounded, so that a chart's coordinates cannot depend on the last bit of a logarithm.
  return Math.round(-Math.log10(1 - share) * 10_000) / 10_000;
}

const cdfPercentiles: readonly number[] = [
  ...Array.from({ length: 90 }, (_, i) => i + 1),
  ...Array.from({ length: 90 }, (_, i) => (901 + i) / 10),
  99.91, 99.92, 99.93, 99.94, 99.95, 99.96, 99.97, 99.98, 99.99, 100,
];
