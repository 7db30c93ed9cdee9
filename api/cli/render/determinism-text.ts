import { formatMs } from '../../../sim/format.js';
import type { KeptTrace, TraceDifference, UnseenEvents } from '../../../sim/trace-difference.js';
import type { TraceBound } from '../../../sim/trace.js';
import type { TraceEvent } from '../../../sim/trace-event.js';
import { exchangeNames, timelineHeader, timelineLine } from './timeline.js';

/** A run as the check compares it: one of this process (a `RunResult`), or a fresh process's copy (`RunCopy`). */
export interface ComparedRun {
  readonly scenario: string;
  readonly seed: number;
  readonly traceHash: string;
  readonly trace: KeptTrace;
  readonly exchanges: readonly { readonly id: number }[];
  readonly notVirtual?: readonly string[];
}

/** Why two runs of one seed may have parted: one sentence, then a line per cause or suspect. */
export interface LikelyCause {
  readonly summary: string;
  readonly details: readonly string[];
}

/**
 * Every run of one seed: the first `inProcess` in this process, the rest each in a fresh process; and, when
 * one hashes apart from run 1, the first that does (`index`, from 0), where it parts (`firstDifference`) and why.
 */
export interface DeterminismCheck {
  readonly runs: readonly ComparedRun[];
  readonly inProcess: number;
  readonly differing: { readonly index: number; readonly difference: TraceDifference | undefined; readonly cause: LikelyCause } | undefined;
  /** What each run built afresh, for the text: "app" or "origin". */
  readonly fresh: 'app' | 'origin';
}

export function isDeterministic(check: DeterminismCheck): boolean {
  return check.differing === undefined;
}

/** `ran twice in this process and once in each of 2 fresh processes, a fresh app each time`. */
function howItRan(check: DeterminismCheck): string {
  const processes = check.runs.length - check.inProcess;
  const elsewhere = processes === 0 ? '' : ` and once in ${processes === 1 ? 'a fresh process' : `each of ${processes} fresh processes`}`;
  return `ran twice in this process${elsewhere}, a fresh ${check.fresh} each time`;
}

/** The line printed after a run whose check passed. */
export function determinismPassed(check: DeterminismCheck): string {
  const first = check.runs[0]!;
  const all = check.runs.length === 2 ? 'both traces hash' : `all ${check.runs.length} traces hash`;
  return `Determinism check passed: seed ${first.seed} ${howItRan(check)}, and ${all} the same: all ${count(first.trace.count, 'traced event')} agree.`;
}

/** `run 3 (a fresh process)`. */
function runName(check: DeterminismCheck, index: number): string {
  return `run ${index + 1} (${index < check.inProcess ? 'this process' : 'a fresh process'})`;
}

/** What `--check-determinism` prints when the runs differ: every hash, the first event that differs, the likely cause. */
export function renderDeterminismFailure(check: DeterminismCheck, replay: string): string {
  const { runs, differing } = check;
  const first = runs[0]!;
  const out = [
    `apisim · ${first.scenario} · seed ${first.seed} · --check-determinism`,
    `Seed ${first.seed} ${howItRan(check)}, and the runs differ:`,
    ...runs.map((run, i) => `  ${runName(check, i)}: ${count(run.trace.count, 'traced event')}, trace hash ${run.traceHash}`),
    '',
    ...(differing === undefined ? [] : differenceLines(differing.difference, first, runs[differing.index]!, differing.index + 1)),
    '',
    `Likely cause: ${differing?.cause.summary ?? ''}`,
    ...(differing?.cause.details ?? []).map((line) => `  - ${line}`),
    '',
    `Replay: ${replay}`,
  ];
  return out.join('\n');
}

function differenceLines(difference: TraceDifference | undefined, first: ComparedRun, second: ComparedRun, other: number): string[] {
  if (difference === undefined) return ['The events the traces kept agree, and yet their hashes differ.'];
  if (difference.index === undefined) {
    return [`The events the traces kept agree: the first difference lies among events ${unseenText(difference.unseen, first.trace.bound)}, which no trace kept.`];
  }
  const { index, first: a, second: b } = difference;
  const when = a !== undefined && b !== undefined && a.atUs !== b.atUs
    ? `at ${formatMs(a.atUs)} ms in run 1 and ${formatMs(b.atUs)} ms in run ${other}`
    : `at ${formatMs((a ?? b)!.atUs)} ms${a !== undefined && b !== undefined ? ' in both runs' : ''}`;
  return [
    `The first event that differs between run 1 and run ${other} is #${index + 1}, ${when}:`,
    `        ${timelineHeader}`,
    `  run 1 ${eventText(a, first)}`,
    `  ${`run ${other}`.padEnd(6)}${eventText(b, second)}`,
    ...(difference.unseen === undefined ? [] : [`Events ${unseenText(difference.unseen, first.trace.bound)} were not kept, so an earlier difference may lie among them.`]),
  ];
}

function eventText(event: TraceEvent | undefined, run: ComparedRun): string {
  return event === undefined ? `(none: this run ended after ${count(run.trace.count, 'traced event')})` : timelineLine(event, namesOf(run));
}

/** Step numbers as the run's own timeline shows them; each run is named by its own exchanges, which may differ. */
function namesOf(run: ComparedRun) {
  return exchangeNames(run.exchanges);
}

/** `#50,001 to #80,000 (a trace keeps the first 50,000 and the latest 50,000 of a run)`. */
function unseenText(unseen: UnseenEvents, bound: TraceBound): string {
  const n = (i: number) => i.toLocaleString('en-US');
  return `#${n(unseen.from + 1)} to #${n(unseen.to)} (a trace keeps the first ${n(bound.firstEvents)} and the latest ${n(bound.lastEvents)} of a run)`;
}

/** `--json`'s `determinism`: whether the runs agree and, when not, which run differs first, where and why. */
export function determinismJson(check: DeterminismCheck) {
  const { runs, differing } = check;
  const base = { runs: runs.length, freshProcesses: runs.length - check.inProcess };
  if (differing === undefined) return { ...base, identical: true };
  const { index, difference, cause } = differing;
  const event = (e: TraceEvent | undefined, run: ComparedRun) => (e === undefined ? null : { atMs: e.atUs / 1000, line: timelineLine(e, namesOf(run)).trim() });
  const kept = difference?.index !== undefined ? difference : undefined;
  return {
    ...base,
    identical: false,
    traceHashes: runs.map((run) => run.traceHash),
    traceEvents: runs.map((run) => run.trace.count),
    firstDifference: difference === undefined ? null : {
      runs: [1, index + 1],
      inFreshProcess: index >= check.inProcess,
      event: kept === undefined ? null : kept.index + 1,
      run1: kept === undefined ? null : event(kept.first, runs[0]!),
      other: kept === undefined ? null : event(kept.second, runs[index]!),
      unseenEvents: difference.unseen === undefined ? null : { from: difference.unseen.from + 1, to: difference.unseen.to },
    },
    likelyCause: { summary: cause.summary, details: cause.details },
  };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
