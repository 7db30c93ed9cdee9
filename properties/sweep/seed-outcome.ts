/**
 * One seed's run and its verdict, as a row of `sweep.csv`: `pass` when every check held; `fail` when one
 * did not (the scenario's expectation, the principle); `unrun` when the principle's run could not judge
 * (nothing to count with, no refusal about the caller: its findings say what to declare); `undecided` when
 * the linearizability checker hit its bound; `error` when the run itself threw (an app that crashed the run,
 * a run that never settled).
 */
export type SeedVerdict = 'pass' | 'fail' | 'unrun' | 'undecided' | 'error';

export interface SeedOutcome {
  readonly seed: number;
  /** The scenario's name, or `<principle>@<target>`. */
  readonly target: string;
  readonly faults: string;
  readonly verdict: SeedVerdict;
  /** What did not hold, one line each (the failed expectations, the principle's problems); empty on a pass. */
  readonly findings: readonly string[];
  readonly traceHash: string;
  /** Events the simulator ran, and the virtual time the run ended at. */
  readonly events: number;
  readonly virtualMs: number;
  readonly exchanges: number;
  /** Exchanges the client gave up on: no response, the outcome unknown. */
  readonly noResponse: number;
  /** Of this seed's answered exchanges, exact (nearest rank); null when none was answered. */
  readonly latencyP50Ms: number | null;
  readonly latencyP99Ms: number | null;
  readonly latencyMaxMs: number | null;
  /** The shrunk counterexample's scenario file, for a failing seed ('' for none). */
  readonly counterexample: string;
  /** The command that replays the failure: the shrunk file's run when there is one, else the seed's own. */
  readonly replay: string;
}

/**
 * Failures are what the exit code and the list count: every verdict but a pass and a run that could not
 * judge. A sweep in which no seed judged anything says so apart (`nothingJudged`): it passed nothing.
 */
export function failed(outcome: Pick<SeedOutcome, 'verdict'>): boolean {
  return outcome.verdict !== 'pass' && outcome.verdict !== 'unrun';
}

/** No seed was judged: every one could not run. Not a pass; the sweep exits as one that checked nothing. */
export function nothingJudged(outcomes: readonly Pick<SeedOutcome, 'verdict'>[]): boolean {
  return outcomes.length > 0 && outcomes.every((o) => o.verdict === 'unrun');
}
