import type fc from 'fast-check';
import type { RunSettingsInput } from '../sim/scenario/spec.js';
import type { Target } from './targets/target.js';
import type { TargetSession } from './targets/target-session.js';

/** What the target's origin lets a run do to it besides send requests (`PreparedTarget`). */
export interface OriginAbilities {
  /** It can be crashed and restarted on the storage it kept: apisim's own origin, an app that exports `restart`. */
  readonly restarts: boolean;
}

/**
 * One principle, written once, checked against any target (apisim's own origin is one): what a run does is
 * drawn by fast-check (`plan`), sent through a session on the simulator (`check`), and judged there. A plan
 * that breaks the principle is shrunk by fast-check to a smallest one, and the session that ran it is written
 * as a scenario file that replays it (`runner.ts`).
 */
export interface Principle<Plan> {
  /** Stable, kebab-case: what the vitest helper names its test, and the counterexample file. */
  readonly name: string;
  /** One line: what must hold. */
  readonly statement: string;
  /** Why the principle cannot be checked on this target (it declares no users, no writable resource), or undefined when it can. */
  notApplicable(target: Target): string | undefined;
  /** The runs to try on this target: the requests, and the faults of the line (and crashes, where `origin` allows them). */
  plan(target: Target, origin: OriginAbilities): fc.Arbitrary<Plan>;
  /** The line, cache and client a plan runs on (a scenario's settings without steps). */
  settings(plan: Plan): RunSettingsInput;
  /** Runs the plan in the session and judges it: held (with the evidence), broken (with what broke), or could not run (with why). */
  check(run: TargetSession, plan: Plan): Promise<RunVerdict>;
}

/** Words, at least one: what a verdict rests on can never be left empty. */
export type Said = readonly [string, ...string[]];

/**
 * What one run of a principle's check came to. A run holds only on evidence: the answers that show the
 * principle kept (a refusal that is the refusal being checked, a count read back). A run that could not see
 * what it needs (nothing to count with, no refusal that is about the caller, a query that does not nest) is
 * "could not run", saying what to declare: never a pass, and never a failure of the principle either.
 */
export type RunVerdict =
  | { readonly outcome: 'held'; readonly evidence: Said }
  | { readonly outcome: 'broken'; readonly problems: Said }
  | { readonly outcome: 'unrun'; readonly reason: string };

function said(words: readonly string[], what: string): Said {
  const [first, ...rest] = words.filter((w) => w.trim() !== '');
  if (first === undefined) throw new Error(`a verdict needs ${what}; none was given`);
  return [first, ...rest];
}

/** The run held: `evidence` names what was seen (one line per probe), and must not be empty. */
export const held = (...evidence: readonly string[]): RunVerdict => ({ outcome: 'held', evidence: said(evidence, 'evidence to hold') });
/** The run broke the principle: what broke, one problem per line. */
export const broken = (...problems: readonly string[]): RunVerdict => ({ outcome: 'broken', problems: said(problems, 'a problem to break') });
/** The run could not judge: what it needed, and what the target should declare for it. */
export const couldNotRun = (reason: string): RunVerdict => ({ outcome: 'unrun', reason });

/**
 * The verdict of a run that gathered problems and evidence as it went: broken when a problem was found, held
 * when there is evidence, else could not run for `missing` (what the run would have needed to judge).
 */
export function judgedRun(problems: readonly string[], evidence: readonly string[], missing: string): RunVerdict {
  if (problems.length > 0) return broken(...problems);
  return evidence.length > 0 ? held(...evidence) : couldNotRun(missing);
}
