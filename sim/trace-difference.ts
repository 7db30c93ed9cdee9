import { canonicalLine, type Trace } from './trace.js';
import type { TraceEvent } from './trace-event.js';

/** Events of a run, counted from 0, that no trace kept: between its first and its latest (`TraceBound`). */
export interface UnseenEvents {
  readonly from: number;
  /** Exclusive. */
  readonly to: number;
}

/** What a comparison reads of a trace: a `Trace`, or a copy of one from another process. */
export type KeptTrace = Pick<Trace, 'count' | 'events' | 'omittedEvents' | 'bound'>;

/**
 * Where two runs of one seed first part. `index` counts events from 0; an event is undefined where its run
 * had already ended. `unseen` is a stretch before it that a trace did not keep, where an earlier difference
 * may hide; with no `index`, the kept events all agree and the difference lies in that stretch.
 */
export type TraceDifference =
  | { readonly index: number; readonly first: TraceEvent | undefined; readonly second: TraceEvent | undefined; readonly unseen: UnseenEvents | undefined }
  | { readonly index: undefined; readonly unseen: UnseenEvents };

/**
 * The first event at which two traces differ, compared as their hash reads them (`canonicalLine`), or
 * undefined when every event agrees. A `full` trace keeps the first and the latest events of a long run
 * (`TraceBound`, 50,000 each by default): events neither could compare are skipped and named in `unseen`.
 */
export function firstDifference(a: KeptTrace, b: KeptTrace): TraceDifference | undefined {
  const atA = keptAt(a);
  const atB = keptAt(b);
  let unseen: UnseenEvents | undefined;
  for (let i = 0; i < Math.max(a.count, b.count); ) {
    const resume = Math.max(resumeAt(a, i), resumeAt(b, i));
    if (resume > i) {
      unseen = { from: unseen?.from ?? i, to: resume };
      i = resume;
      continue;
    }
    const first = atA(i);
    const second = atB(i);
    if (first === undefined || second === undefined || canonicalLine(first) !== canonicalLine(second)) return { index: i, first, second, unseen };
    i++;
  }
  return unseen === undefined ? undefined : { index: undefined, unseen };
}

/** The event a trace kept at run index `i`, or undefined past its end; only asked where it kept one. */
function keptAt(trace: KeptTrace): (i: number) => TraceEvent | undefined {
  const events = trace.events;
  const omitted = trace.omittedEvents;
  const firstKept = omitted === 0 ? events.length : trace.bound.firstEvents;
  return (i) => (i >= trace.count ? undefined : events[i < firstKept ? i : i - omitted]);
}

/** The first index from `i` on that the trace kept or lies past its end: `i` itself unless `i` is among the omitted. */
function resumeAt(trace: KeptTrace, i: number): number {
  const omitted = trace.omittedEvents;
  if (omitted === 0) return i;
  const from = trace.bound.firstEvents;
  return i >= from && i < from + omitted ? from + omitted : i;
}
