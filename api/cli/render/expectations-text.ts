import type { Verdict } from '../../../sim/scenario/expectations.js';

/**
 * The verdicts as `npm run sim` prints them after the summary: a count, then one line each, failures marked so
 * that they stand out in a long run. One line when the scenario expected nothing, so that exit code 0 is not
 * taken to mean that something was checked.
 */
export function renderVerdicts(verdicts: readonly Verdict[]): string {
  if (verdicts.length === 0) return 'Expectations: none (the scenario has no "expect" block).';
  const held = verdicts.filter((v) => v.held).length;
  const head = held === verdicts.length ? `Expectations: all ${verdicts.length} held.` : `Expectations: ${verdicts.length - held} of ${verdicts.length} FAILED.`;
  return [head, ...verdicts.map(line)].join('\n');
}

function line(v: Verdict): string {
  // A linearizability excerpt has lines of its own: indent them under the verdict they explain.
  const [first, ...rest] = v.detail.split('\n');
  return [`  ${v.held ? 'held  ' : 'FAILED'}  ${v.expectation}: ${first}`, ...rest.map((r) => `            ${r}`)].join('\n');
}
