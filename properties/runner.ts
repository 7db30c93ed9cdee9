import fc from 'fast-check';
import type { SequenceDiagram } from '../api/cli/render/html/report-model.js';
import { runSequence } from '../api/cli/render/run-sequence.js';
import type { Exchange } from '../sim/exchange.js';
import type { SessionRecord } from '../sim/session/session.js';
import type { TraceMode } from '../sim/trace.js';
import type { PreparedTarget, TargetSession } from './targets/target-session.js';
import { runCount } from '../test/support/run-count.js';
import { defaultCounterexampleFolder, type WrittenScenario, writeScenario } from './counterexample-file.js';
import type { Principle, RunVerdict } from './principle.js';

export interface RunnerOptions {
  /** Runs of a quick check (default 30); `APISIM_RUNS` from the environment overrides it for a long hunt. */
  readonly runs?: number;
  /** Where the counterexample's scenario file goes (default `reports/counterexamples`). */
  readonly folder?: string;
  /** The command that reruns this check, for the fast-check replay line (the vitest helper gives its test's). */
  readonly rerun?: string;
  /** fast-check's seed and path to replay one exact run; by default `APISIM_SEED` and `APISIM_PATH` (or `FC_SEED`, `FC_PATH`). */
  readonly fcSeed?: number;
  readonly fcPath?: string;
  /** The counterexample file's name (default `<target>-<principle>`): a seed sweep names one per seed. */
  readonly counterexampleName?: string;
  /** How the checked runs record (default off); a seed sweep hashes them, for its report's trace hash. */
  readonly trace?: TraceMode;
  /** Hears each checked run's record as it ends, in the order fast-check runs them: the first is the seed's own. */
  readonly onRun?: (record: SessionRecord, verdict: RunVerdict) => void;
}

/** One request of the counterexample's session, as the report lists it. */
export interface RequestLine {
  readonly role: string;
  readonly method: string;
  readonly path: string;
  /** Null when no answer came (the client gave up). */
  readonly status: number | null;
  readonly attempts: number;
  readonly signIn: boolean;
}

/**
 * `pass` when no run broke the principle and at least one held on evidence; `fail` when a run broke it;
 * `unrun` ("could not run") when no run could judge: nothing was checked, so nothing passed.
 */
export type PrincipleOutcome = 'pass' | 'fail' | 'unrun';

export interface PrincipleResult {
  readonly principle: string;
  readonly target: string;
  readonly runs: number;
  readonly outcome: PrincipleOutcome;
  /** `outcome === 'fail'`. */
  readonly failed: boolean;
  /** Runs that held, and what the first of them rested on (the probes that showed the principle kept). */
  readonly held: number;
  readonly evidence: readonly string[];
  /** Runs that could not judge, and why, each reason once in the order met. */
  readonly unrun: number;
  readonly unrunReasons: readonly string[];
  /** What broke, in words: the shrunk run's problems. Empty when the principle held. */
  readonly problems: readonly string[];
  /** The shrunk run's requests, sign-ins included and marked. */
  readonly requests: readonly RequestLine[];
  /** Requests the check decided, and the users' sign-ins, counted apart. */
  readonly requestCount: number;
  readonly signIns: number;
  /** The simulator's seed of the shrunk run, and its scenario file. */
  readonly seed: number | undefined;
  readonly scenario: WrittenScenario | undefined;
  /** The report a failure prints; empty when the principle held. */
  readonly report: string;
  /** The shrunk run drawn hop by hop, for the HTML report; undefined when the principle held. */
  readonly sequence?: SequenceDiagram;
  /** The command that replays the failing fast-check run itself (seed and path); undefined when the principle held. */
  readonly fastCheckReplay?: string;
}

/** A result that is no pass, as an error whose message is the report. */
abstract class NoPass extends Error {
  readonly result: PrincipleResult;
  constructor(result: PrincipleResult, name: string) {
    super(result.report);
    this.result = result;
    Object.defineProperty(this, 'name', { value: name });
  }
}

/** A principle that does not hold on a target: the error a test fails with. */
export class PrincipleBroken extends NoPass {
  constructor(result: PrincipleResult) {
    super(result, 'PrincipleBroken');
  }
}

/**
 * A principle no run could judge on a target: nothing was checked, so it must not read as a pass. The
 * message says what each run needed, which is what the target should declare.
 */
export class PrincipleNotChecked extends NoPass {
  constructor(result: PrincipleResult) {
    super(result, 'PrincipleNotChecked');
  }
}

/** The problems of one run: thrown from the property so that fast-check shrinks on it. */
class RunBroken extends Error {}

/** The simulator's seed is drawn beside the plan, so shrinking may also settle on a smaller one. */
const simulatorSeed = fc.nat({ max: 1_000_000 });

/** The plan's run: a fresh session, the principle's check, the session closed whatever happened. */
async function checkOnce<Plan>(prepared: PreparedTarget, principle: Principle<Plan>, seed: number, plan: Plan, options: RunnerOptions): Promise<RunVerdict> {
  const run = await prepared.open({ seed, settings: principle.settings(plan), trace: options.trace ?? 'off' });
  try {
    const verdict = await principle.check(run, plan);
    options.onRun?.(run.session.record(`${prepared.name}-${principle.name}`), verdict);
    return verdict;
  } finally {
    run.close();
  }
}

/** What the runs that did not break came to: how many held and on what, how many could not judge and why. */
class Tally {
  held = 0;
  evidence: readonly string[] = [];
  unrun = 0;
  readonly reasons: string[] = [];

  add(verdict: RunVerdict): void {
    if (verdict.outcome === 'held') {
      if (this.held++ === 0) this.evidence = verdict.evidence;
    } else if (verdict.outcome === 'unrun') {
      this.unrun++;
      if (!this.reasons.includes(verdict.reason)) this.reasons.push(verdict.reason);
    }
  }
}

/** The problems a run's verdict states: a broken run's, or why it could not judge. */
export function problemsOf(verdict: RunVerdict): readonly string[] {
  return verdict.outcome === 'broken' ? verdict.problems : verdict.outcome === 'unrun' ? [`could not run: ${verdict.reason}`] : [];
}

/**
 * Checks a principle on a target with fast-check: each run draws a plan and a simulator seed, opens a fresh
 * session and judges it. A run that breaks the principle is shrunk to a smallest one, which is run once more
 * with its full trace, written as a scenario file and replayed from that file before the report names it.
 */
export async function runPrinciple<Plan>(prepared: PreparedTarget, principle: Principle<Plan>, options: RunnerOptions = {}): Promise<PrincipleResult> {
  const runs = runCount(options.runs ?? 30);
  const fcSeed = options.fcSeed ?? numberFromEnv('APISIM_SEED') ?? numberFromEnv('FC_SEED');
  const fcPath = options.fcPath ?? textFromEnv('APISIM_PATH') ?? textFromEnv('FC_PATH');
  const tally = new Tally();
  const property = fc.asyncProperty(simulatorSeed, principle.plan(prepared.target, prepared), async (seed, plan) => {
    const verdict = await checkOnce(prepared, principle, seed, plan, options);
    if (verdict.outcome === 'broken') throw new RunBroken(verdict.problems.join('\n'));
    tally.add(verdict);
  });
  const details = await fc.check(property, {
    numRuns: runs,
    ...(fcSeed === undefined ? {} : { seed: fcSeed }),
    ...(fcPath === undefined ? {} : { path: fcPath, endOnFailure: true }),
  });
  const base = { principle: principle.name, target: prepared.name, runs: details.numRuns, held: tally.held, evidence: tally.evidence, unrun: tally.unrun, unrunReasons: tally.reasons };
  // A counterexample is there exactly when a run failed (and not merely ran out of time or runs).
  if (details.counterexample === null) {
    const outcome = tally.held > 0 ? 'pass' : 'unrun';
    const unjudged = { ...base, outcome, failed: false, problems: [], requests: [], requestCount: 0, signIns: 0, seed: undefined, scenario: undefined } as const;
    return { ...unjudged, report: outcome === 'unrun' ? unrunReport(unjudged, principle) : '' };
  }
  const [seed, plan] = details.counterexample;
  const shown = await showRun(prepared, principle, seed, plan, options.folder ?? defaultCounterexampleFolder, options.counterexampleName);
  const rerun = options.rerun ?? '<the command that ran this check>';
  const fcReplay = `APISIM_SEED=${details.seed} APISIM_PATH=${details.counterexamplePath} ${rerun}`;
  const result = { ...base, outcome: 'fail', failed: true, ...shown, seed, report: '' } as const;
  return { ...result, report: reportOf(result, principle, details.numShrinks, fcReplay), fastCheckReplay: fcReplay };
}

/**
 * `runPrinciple`, throwing `PrincipleBroken` with the report when the principle does not hold, and
 * `PrincipleNotChecked` when no run could judge it: it returns only a pass, which has its evidence.
 */
export async function assertPrinciple<Plan>(prepared: PreparedTarget, principle: Principle<Plan>, options: RunnerOptions = {}): Promise<PrincipleResult> {
  const result = await runPrinciple(prepared, principle, options);
  if (result.outcome === 'fail') throw new PrincipleBroken(result);
  if (result.outcome === 'unrun') throw new PrincipleNotChecked(result);
  return result;
}

/** The shrunk run again, recorded: its problems, its requests, and its scenario file, checked to replay it. */
async function showRun<Plan>(prepared: PreparedTarget, principle: Principle<Plan>, seed: number, plan: Plan, folder: string, fileName?: string) {
  const run = await prepared.open({ seed, settings: principle.settings(plan) });
  const name = (fileName ?? `${prepared.name}-${principle.name}`).slice(0, 64);
  try {
    let problems: readonly string[];
    try {
      problems = problemsOf(await principle.check(run, plan));
    } catch (error) {
      problems = [error instanceof Error ? error.message : String(error)];
    }
    const exchanges = run.session.exchanges;
    const requests = exchanges.map((x, i) => lineOf(run, x, i));
    const record = run.session.record(name);
    const sequence = runSequence(record.trace.events, record.exchanges, { app: prepared.name, omittedEvents: record.trace.omittedEvents });
    const scenario = run.scenario(name, `${principle.name} broken on ${prepared.name}: ${problems[0] ?? ''}`.slice(0, 500), folder);
    run.close();
    const written = await writeScenario(scenario, folder, seed, { traceHash: record.traceHash, statuses: record.summary.map((s) => s.status) }, { prepared, principle, plan, problems });
    const signIns = requests.filter((r) => r.signIn).length;
    return { problems, requests, requestCount: requests.length - signIns, signIns, scenario: written, sequence };
  } finally {
    run.close();
  }
}

function lineOf(run: TargetSession, exchange: Exchange, index: number): RequestLine {
  return {
    role: exchange.client,
    method: exchange.request.method,
    path: exchange.request.path,
    status: exchange.response?.status ?? null,
    attempts: exchange.attempts,
    signIn: run.isSignIn(index),
  };
}

function reportOf(result: Omit<PrincipleResult, 'report'>, principle: { readonly statement: string }, shrinks: number, fcReplay: string): string {
  const counted = `${result.requestCount} request${result.requestCount === 1 ? '' : 's'}${result.signIns === 0 ? '' : `, besides ${result.signIns} sign-in${result.signIns === 1 ? '' : 's'}`}`;
  const width = Math.max(...result.requests.map((r) => r.role.length), 4);
  const lines = result.requests.map((r) => `  ${r.role.padEnd(width)}  ${`${r.method} ${r.path}`.padEnd(28)} → ${r.status ?? 'no answer'}${r.attempts > 1 ? ` (${r.attempts} attempts)` : ''}${r.signIn ? '   sign-in' : ''}`);
  const scenario = result.scenario!;
  const judged = scenario.unjudged === undefined
    ? `; it judges the run again by ${result.principle}, and exits 1 while it still fails, 0 once it no longer does`
    : ` (it shows the run, but does not judge it: ${scenario.unjudged})`;
  const replay = scenario.differs === undefined
    ? `Replay it in the simulator${judged}:\n  ${scenario.command}`
    : `The scenario file ${scenario.file} did not replay the run (${scenario.differs}): it is written, but is not the run above.`;
  return [
    `${result.target} breaks ${result.principle}: ${principle.statement}`,
    '',
    'What broke:',
    ...result.problems.map((p) => `  ${p.split('\n').join('\n  ')}`),
    '',
    `The run, shrunk after ${result.runs} run${result.runs === 1 ? '' : 's'} and ${shrinks} shrink${shrinks === 1 ? '' : 's'} to ${counted}:`,
    ...lines,
    '',
    replay,
    `Replay this fast-check run: ${fcReplay}`,
  ].join('\n');
}

/** Why nothing was checked: the principle, and each reason its runs gave, which say what to declare. */
function unrunReport(result: Omit<PrincipleResult, 'report'>, principle: { readonly statement: string }): string {
  return [
    `${result.principle} could not run on ${result.target}: none of ${result.runs} run${result.runs === 1 ? '' : 's'} could judge whether ${principle.statement}.`,
    ...result.unrunReasons.map((reason) => `  ${reason}`),
  ].join('\n');
}

function numberFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, not ${JSON.stringify(text)}`);
  return value;
}

function textFromEnv(name: string): string | undefined {
  const text = process.env[name];
  return text === undefined || text === '' ? undefined : text;
}
