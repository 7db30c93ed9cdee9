import type { Rejudged } from '../../properties/counterexample-file.js';

/**
 * A counterexample file's replay, judged again by its principle: what `npm run sim -- --file` prints after
 * the run, so that the file serves as a regression test. Only "no longer fails", on the evidence the check
 * names, exits 0; "still fails" and "could not run" exit 1.
 */
export function counterexampleVerdictText({ principle, target, seed, statement, verdict }: Rejudged): string {
  const head = `Judged again by ${principle} on ${target}, at the seed it broke with (${seed}):`;
  const lines = (words: readonly string[]) => words.map((w) => `  ${w.split('\n').join('\n  ')}`);
  if (verdict.outcome === 'held') return [`${head} no longer fails: ${statement}. It held on:`, ...lines(verdict.evidence)].join('\n');
  if (verdict.outcome === 'broken') return [`${head} still fails: ${statement}`, ...lines(verdict.problems)].join('\n');
  return `${head} could not run, so nothing was judged: ${verdict.reason}`;
}

export function counterexampleVerdictJson({ verdict, ...judged }: Rejudged) {
  const words = verdict.outcome === 'held' ? { evidence: verdict.evidence } : verdict.outcome === 'broken' ? { problems: verdict.problems } : { reason: verdict.reason };
  return { ...judged, verdict: { held: 'no longer fails', broken: 'still fails', unrun: 'could not run' }[verdict.outcome], ...words };
}

/** Whether the replay passes: only a run that held on its evidence. */
export const noLongerFails = (judged: Rejudged): boolean => judged.verdict.outcome === 'held';
