/**
 * How many runs a property makes (`replayable` asks it for every property): its quick default, so that `npm test` stays fast, or `APISIM_RUNS`
 * from the environment for a long hunt (`APISIM_RUNS=100000 npm test`). A value that is not a positive whole
 * number is an error rather than a silent fall back to the default, so a typo cannot pass for a long run.
 */
export function runCount(quick: number): number {
  const text = process.env.APISIM_RUNS;
  if (text === undefined || text === '') return quick;
  const runs = Number(text);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`APISIM_RUNS must be a positive whole number, not ${JSON.stringify(text)}`);
  return runs;
}
