import { formatMs } from '../../../sim/format.js';
import type { GuestRunResult } from '../../../sim/scenario/result.js';
import type { RunResult } from '../../../sim/scenario/run.js';
import type { TraceDifference, UnseenEvents } from '../../../sim/trace-difference.js';
import type { TraceBound } from '../../../sim/trace.js';
import type { TraceEvent } from '../../../sim/trace-event.js';
import { exchangeNames, timelineHeader, timelineLine } from './timeline.js';

type AnyRun = RunResult | GuestRunResult;

/** Why two runs of one seed may have parted: one sentence, then a line per cause or suspect. */
export interface LikelyCause {
  readonly summary: string;
  readonly details: readonly string[];
}

/** Two runs of one seed, and where they part (`firstDifference`); no difference when their hashes agree. */
export interface DeterminismCheck {
  readonly first: AnyRun;
  readonly second: AnyRun;
  readonly difference: TraceDifference | undefined;
  readonly cause: LikelyCause;
  /** What each run built afresh, for the text: "app" or "origin". */
  readonly fresh: 'app' | 'origin';
}

export function isDeterministic(check: DeterminismCheck): boolean {
  return check.first.traceHash === check.second.traceHash;
}

/** The line printed after a run whose check passed. */
export function determinismPassed(check: DeterminismCheck): string {
  const { first } = check;
  return `Determinism check passed: seed ${first.seed} ran twice in this process, a fresh ${check.fresh} each time, and both traces hash the same: all ${count(first.trace.count, 'traced event')} agree.`;
}

/** What `--check-determinism` prints when the runs differ: both hashes, the first event that differs, the likely cause. */
export function renderDeterminismFailure(check: DeterminismCheck, replay: string): string {
  const { first, second, difference, cause } = check;
  const out = [
    `apisim · ${first.scenario} · seed ${first.seed} · --check-determinism`,
    `Seed ${first.seed} ran twice in this process, a fresh ${check.fresh} each time, and the runs differ:`,
    `  run 1: ${count(first.trace.count, 'traced event')}, trace hash ${first.traceHash}`,
    `  run 2: ${count(second.trace.count, 'traced event')}, trace hash ${second.traceHash}`,
    '',
    ...differenceLines(difference, first, second),
    '',
    `Likely cause: ${cause.summary}`,
    ...cause.details.map((line) => `  - ${line}`),
    '',
    `Replay: ${replay}`,
  ];
  return out.join('\n');
}

function differenceLines(difference: TraceDifference | undefined, first: AnyRun, second: AnyRun): string[] {
  if (difference === undefined) return ['The events the traces kept agree, and yet their hashes differ.'];
  if (difference.index === undefined) {
    return [`The events the traces kept agree: the first difference lies among events ${unseenText(difference.unseen, first.trace.bound)}, which no trace kept.`];
  }
  const { index, first: a, second: b } = difference;
  const when = a !== undefined && b !== undefined && a.atUs !== b.atUs
    ? `at ${formatMs(a.atUs)} ms in run 1 and ${formatMs(b.atUs)} ms in run 2`
    : `at ${formatMs((a ?? b)!.atUs)} ms${a !== undefined && b !== undefined ? ' in both runs' : ''}`;
  return [
    `The first event that differs is #${index + 1}, ${when}:`,
    `        ${timelineHeader}`,
    `  run 1 ${eventText(a, first)}`,
    `  run 2 ${eventText(b, second)}`,
    ...(difference.unseen === undefined ? [] : [`Events ${unseenText(difference.unseen, first.trace.bound)} were not kept, so an earlier difference may lie among them.`]),
  ];
}

function eventText(event: TraceEvent | undefined, run: AnyRun): string {
  return event === undefined ? `(none: this run ended after ${count(run.trace.count, 'traced event')})` : timelineLine(event, namesOf(run));
}

/** Step numbers as the run's own timeline shows them; each run is named by its own exchanges, which may differ. */
function namesOf(run: AnyRun) {
  return exchangeNames(run.exchanges);
}

/** `#50,001 to #80,000 (a trace keeps the first 50,000 and the latest 50,000 of a run)`. */
function unseenText(unseen: UnseenEvents, bound: TraceBound): string {
  const n = (i: number) => i.toLocaleString('en-US');
  return `#${n(unseen.from + 1)} to #${n(unseen.to)} (a trace keeps the first ${n(bound.firstEvents)} and the latest ${n(bound.lastEvents)} of a run)`;
}

/** `--json`'s `determinism`: whether the runs agree and, when not, where and why. */
export function determinismJson(check: DeterminismCheck) {
  const { first, second, difference, cause } = check;
  if (isDeterministic(check)) return { runs: 2, identical: true };
  const event = (e: TraceEvent | undefined, run: AnyRun) => (e === undefined ? null : { atMs: e.atUs / 1000, line: timelineLine(e, namesOf(run)).trim() });
  return {
    runs: 2,
    identical: false,
    traceHashes: [first.traceHash, second.traceHash],
    traceEvents: [first.trace.count, second.trace.count],
    firstDifference: difference === undefined ? null : {
      event: difference.index === undefined ? null : difference.index + 1,
      run1: difference.index === undefined ? null : event(difference.first, first),
      run2: difference.index === undefined ? null : event(difference.second, second),
      unseenEvents: difference.unseen === undefined ? null : { from: difference.unseen.from + 1, to: difference.unseen.to },
    },
    likelyCause: { summary: cause.summary, details: cause.details },
  };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
