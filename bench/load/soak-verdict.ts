/** One RSS reading of the server during the soak. */
export interface SoakSample {
  readonly elapsedSeconds: number;
  readonly rssMb: number;
  /** Answers so far, by class: what the hostile traffic met (429s and 401s are part of the point). */
  readonly answers: Readonly<Record<'2xx' | '3xx' | '4xx' | '5xx', number>>;
  /** Of the 5xx, the 503s of the memory budget (`server/heap-budget.ts`): the server keeping its heap, not failing. */
  readonly shed: number;
  /** Requests that got no answer (connection errors, timeouts). */
  readonly errors: number;
}

export interface SoakVerdict {
  readonly flat: boolean;
  /** Mean RSS over the first third of the readings after the warm-up: what "flat" is measured against. */
  readonly earlyMb: number;
  readonly middleMb: number;
  /** Mean RSS over the last third of them. */
  readonly lateMb: number;
  readonly peakAfterWarmUpMb: number;
  /** Late over early, minus one: 0.12 is 12 % growth over the measured period. */
  readonly growth: number;
  readonly text: string;
}

/** The soak's goal: RSS flat to within 10 % after warm-up (the hardening issue's figure), or some store grows without bound. */
export const flatWithin = 0.1;

const mean = (values: readonly number[]): number => Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10;

/**
 * Flat means the mean RSS of the last third of the readings after the warm-up is within `flatWithin` of the
 * mean of the first third (the middle third is reported beside them). Means of thirds, not single readings: a loaded server's RSS swings by a sixth
 * within a minute as the collector runs (283 to 395 MB in the first ten-minute soak), so one reading against
 * another measures where each fell in that sawtooth, while a leak is a trend the thirds show. The warm-up
 * fills what is bounded (caches up to their budget, quotas up to their caps, the JIT's code) and is left out.
 */
export function soakVerdict(samples: readonly SoakSample[], warmUpSeconds: number): SoakVerdict {
  const after = samples.filter((s) => s.elapsedSeconds > warmUpSeconds).map((s) => s.rssMb);
  if (after.length < 3 || after.length === samples.length) throw new Error(`a verdict needs a warm-up reading and three after it (${warmUpSeconds} s warm-up); got ${samples.length} readings`);
  const third = Math.floor(after.length / 3);
  const earlyMb = mean(after.slice(0, third));
  const middleMb = mean(after.slice(third, after.length - third));
  const lateMb = mean(after.slice(-third));
  const peakAfterWarmUpMb = Math.max(...after);
  const growth = lateMb / earlyMb - 1;
  const flat = growth <= flatWithin;
  const percent = `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %`;
  const text = `RSS ${flat ? 'flat' : 'grew'}: means of thirds after the ${warmUpSeconds} s warm-up ${earlyMb}, ${middleMb}, ${lateMb} MB (last over first ${percent}; ${flat ? 'within' : 'more than'} ${flatWithin * 100} %), peak ${peakAfterWarmUpMb} MB.`;
  return { flat, earlyMb, middleMb, lateMb, peakAfterWarmUpMb, growth, text };
}
