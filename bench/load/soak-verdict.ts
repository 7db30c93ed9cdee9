/** One RSS reading of the server during the soak. */
export interface SoakSample {
  readonly elapsedSeconds: number;
  readonly rssMb: number;
  /** Answers so far, by class: what the hostile traffic met (429s and 401s are part of the point). */
  readonly answers: Readonly<Record<'2xx' | '3xx' | '4xx' | '5xx', number>>;
  /** Requests that got no answer (connection errors, timeouts). */
  readonly errors: number;
}

export interface SoakVerdict {
  readonly flat: boolean;
  /** The last reading of the warm-up: what "flat" is measured against. */
  readonly baselineMb: number;
  readonly peakAfterWarmUpMb: number;
  /** Peak over baseline, minus one: 0.12 is 12 % growth after the warm-up. */
  readonly growth: number;
  readonly text: string;
}

/** Issue 22: "RSS flat to within 20 % after warm-up". */
export const flatWithin = 0.2;

/**
 * Flat means no reading after the warm-up exceeds the last reading of the warm-up by more than `flatWithin`.
 * Against the end of the warm-up, not the start: the first minutes fill what is bounded (caches up to their
 * budget, quotas up to their caps, the JIT's code), and a leak is growth after that.
 */
export function soakVerdict(samples: readonly SoakSample[], warmUpSeconds: number): SoakVerdict {
  const warmUp = samples.filter((s) => s.elapsedSeconds <= warmUpSeconds);
  const after = samples.filter((s) => s.elapsedSeconds > warmUpSeconds);
  if (warmUp.length === 0 || after.length === 0) throw new Error(`a verdict needs readings on both sides of the warm-up (${warmUpSeconds} s); got ${samples.length}`);
  const baselineMb = warmUp.at(-1)!.rssMb;
  const peakAfterWarmUpMb = Math.max(...after.map((s) => s.rssMb));
  const growth = peakAfterWarmUpMb / baselineMb - 1;
  const flat = growth <= flatWithin;
  const percent = (growth * 100).toFixed(1);
  const text = flat
    ? `RSS flat: ${baselineMb} MB after the ${warmUpSeconds} s warm-up, at most ${peakAfterWarmUpMb} MB after it (${percent} %, within ${flatWithin * 100} %).`
    : `RSS grew: ${baselineMb} MB after the ${warmUpSeconds} s warm-up, up to ${peakAfterWarmUpMb} MB after it (${percent} %, more than ${flatWithin * 100} %).`;
  return { flat, baselineMb, peakAfterWarmUpMb, growth, text };
}
