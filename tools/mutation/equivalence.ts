import type { Mutant } from './stryker-report.js';

/**
 * A survivor judged equivalent: no test can kill it because the program behaves the same with it. Named
 * by what it changes rather than by line, so that an edit elsewhere in the file does not unmoor it; the
 * file:line shown in reports/mutation.md is the mutant's own.
 */
export interface EquivalentJudgment {
  readonly file: string;
  readonly mutator: string;
  /** The source text the mutant replaces, exactly as Stryker's report locates it. */
  readonly original: string;
  readonly replacement: string;
  /**
   * Only where the same original and replacement occur more than once in the file (an emptied `[]`, say): text
   * of the line the judged mutant starts on, which the others' lines do not have.
   */
  readonly onLine?: string;
  readonly why: string;
}

export interface JudgedMutant {
  readonly mutant: Mutant;
  readonly why: string;
}

export interface Verdicts {
  /** Survivors that a judgment names. */
  readonly equivalent: readonly JudgedMutant[];
  /**
   * Judgments that no longer hold: they name nothing in a mutated file (the code changed), or a mutant
   * that some test kills or that no test reaches (so it was never shown to be equivalent). The score
   * refuses to count such a judgment, and says so.
   */
  readonly problems: readonly string[];
}

function names(judgment: EquivalentJudgment, mutant: Mutant): boolean {
  return mutant.file === judgment.file && mutant.mutator === judgment.mutator && mutant.original === judgment.original && mutant.replacement === judgment.replacement
    && (judgment.onLine === undefined || mutant.lineText.includes(judgment.onLine));
}

function label(judgment: EquivalentJudgment): string {
  return `${judgment.file} ${judgment.mutator} \`${judgment.original}\` → \`${judgment.replacement}\`${judgment.onLine === undefined ? '' : ` on \`${judgment.onLine}\``}`;
}

/** Applies the judgments to one run's mutants; judgments of files this run did not mutate are left alone. */
export function judge(mutants: readonly Mutant[], judgments: readonly EquivalentJudgment[]): Verdicts {
  const mutatedFiles = new Set(mutants.map((m) => m.file));
  const equivalent: JudgedMutant[] = [];
  const problems: string[] = [];
  for (const judgment of judgments) {
    if (!mutatedFiles.has(judgment.file)) continue;
    const named = mutants.filter((m) => names(judgment, m));
    if (named.length === 0) problems.push(`${label(judgment)}: no such mutant any more; remove or update the judgment`);
    for (const mutant of named) {
      if (mutant.status === 'Survived') equivalent.push({ mutant, why: judgment.why });
      else if (mutant.status === 'NoCoverage') problems.push(`${label(judgment)} (line ${mutant.line}): no test reaches it, so nothing shows it equivalent; write the test first`);
      else if (mutant.status === 'Killed' || mutant.status === 'Timeout') problems.push(`${label(judgment)} (line ${mutant.line}): ${mutant.status.toLowerCase()} by a test, so it is not equivalent; remove the judgment`);
    }
  }
  return { equivalent, problems };
}
