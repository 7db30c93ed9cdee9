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
  /** Runs the plan in the session and says what broke the principle; empty when it held. */
  check(run: TargetSession, plan: Plan): Promise<readonly string[]>;
}
