import { areaNames, areaOf, otherArea } from './areas.js';
import type { JudgedMutant } from './equivalence.js';
import type { Mutant } from './stryker-report.js';

/** One row of reports/mutation.csv: an area, or `total`. */
export interface AreaScore {
  readonly area: string;
  readonly mutants: number;
  /**
   * Killed (a test failed) or timed out (a test hung): one figure, because which of the two a hanging mutant
   * gets depends on which timer fires first, the test's or Stryker's, and so on the machine's speed (one run
   * here counted 59 killed + 1 timed out where another counted 60 + 0). The sum does not move.
   */
  readonly detected: number;
  readonly survived: number;
  readonly no_coverage: number;
  /** Mutants that do not compile or break the test run itself: Stryker leaves them out of every score. */
  readonly errors: number;
  /** Disabled by a `Stryker disable` comment; left out of every score too. */
  readonly ignored: number;
  /** Survivors judged equivalent (tools/mutation/equivalent-mutants.ts); still counted as survivors in `score_pct`. */
  readonly equivalent_judged: number;
  /** Stryker's mutation score: detected / (detected + survived + no coverage). */
  readonly score_pct: number | null;
  /** Stryker's score of covered code: the same without the mutants no test reaches. */
  readonly covered_score_pct: number | null;
  /** `score_pct` with the survivors judged equivalent taken out of the denominator. */
  readonly score_without_equivalent_pct: number | null;
}

function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : (100 * part) / whole;
}

function score(area: string, mutants: readonly Mutant[], equivalentIds: ReadonlySet<string>): AreaScore {
  const count = (...statuses: readonly Mutant['status'][]): number => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count('Killed', 'Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const equivalent = mutants.filter((m) => equivalentIds.has(m.id)).length;
  const valid = detected + survived + noCoverage;
  return {
    area,
    mutants: mutants.length,
    detected,
    survived,
    no_coverage: noCoverage,
    errors: count('CompileError', 'RuntimeError'),
    ignored: count('Ignored'),
    equivalent_judged: equivalent,
    score_pct: percent(detected, valid),
    covered_score_pct: percent(detected, detected + survived),
    score_without_equivalent_pct: percent(detected, valid - equivalent),
  };
}

/** One row per area that has mutants in this run, in the areas' order (then `other`), and the total last. */
export function tally(mutants: readonly Mutant[], equivalent: readonly JudgedMutant[]): AreaScore[] {
  const equivalentIds = new Set(equivalent.map((j) => j.mutant.id));
  const rows = [...areaNames, otherArea]
    .map((area) => score(area, mutants.filter((m) => areaOf(m.file) === area), equivalentIds))
    .filter((row) => row.mutants > 0);
  return [...rows, score('total', mutants, equivalentIds)];
}
