import { methodProperties } from '../../../src/http/methods.js';
import { alertText } from '../../../sim/nodes/alert-text.js';
import { type GuestRunResult, isGuestRun, type RunRecord } from '../../../sim/scenario/result.js';
import type { RunResult } from '../../../sim/scenario/run.js';
import type { Verdict } from '../../../sim/scenario/expectations.js';
import { renderVerdicts } from './expectations-text.js';
import { renderSubscriptions } from './subscriptions-text.js';
import { formatMs } from '../../../sim/format.js';
import type { TraceEvent } from '../../../sim/trace-event.js';

/** Each event's word on the timeline, and beside a note of the HTML report's sequence diagram. */
export const kindLabel: Record<TraceEvent['kind'], string> = {
  send: 'send',
  deliver: 'arrive',
  drop: 'LOST',
  process: 'process',
  timeout: 'timeout',
  resend: 'RE-SEND',
  complete: 'done',
  'give-up': 'give up',
  alert: 'ALERT',
  ignore: 'ignore',
  cache: 'cache',
  pass: 'pass',
  crash: 'CRASH',
  restart: 'restart',
  'real-work': 'real',
};

/** The timeline's column heads. */
export const timelineHeader = `${'time ms'.padStart(11)}  ${'event'.padEnd(8)}${'from → to'.padEnd(19)}${'step.try'.padEnd(10)}${'message'.padEnd(34)}${'bytes'.padStart(6)}  note`;

/**
 * Step numbers (from 1) by exchange id. The trace keeps the simulator's exchange ids, handed out in the order
 * requests were sent (across clients, and to WebSocket upgrades too), so they match the scenario's step
 * numbers only when the steps run one after another; the timeline shows step numbers, as the summary does.
 */
export type ExchangeNames = ReadonlyMap<number, number>;

/** The names for a run: its exchanges (as `RunResult.exchanges`) are its steps, in step order. */
export function exchangeNames(stepExchanges: readonly { readonly id: number }[]): ExchangeNames {
  return new Map(stepExchanges.map((x, i) => [x.id, i + 1]));
}

/**
 * One line per trace event: time in ms, who → whom, which step and attempt, what, bytes, and why. Give the
 * run's `exchanges` (in step order, as `RunResult.exchanges`) so that the numbers are step numbers; without
 * them, the simulator's exchange ids are shown, which differ from step numbers when steps overlap.
 */
export function renderTimeline(events: readonly TraceEvent[], stepExchanges?: readonly { readonly id: number }[]): string {
  const names = stepExchanges === undefined ? undefined : exchangeNames(stepExchanges);
  const lines = [timelineHeader];
  for (const e of events) lines.push(timelineLine(e, names));
  return lines.join('\n');
}

/** One event as a line of the timeline, under `timelineHeader`. */
export function timelineLine(e: TraceEvent, names?: ExchangeNames): string {
  const route = e.from === e.to ? e.from : `${e.from} → ${e.to}`;
  return (
    `${formatMs(e.atUs).padStart(11)}  ${kindLabel[e.kind].padEnd(8)}${route.padEnd(19)}${exchangeText(e, names).padEnd(10)}` +
    `${shorten(messageText(e)).padEnd(34)}${String(e.bytes).padStart(6)}  ${noteText(e)}`
  );
}

/**
 * `3.1`: step 3, attempt 1. An exchange that is no step opened a subscription's socket: `ws1.1` for the
 * upgrade, `ws1` for its frames (which have no attempt), the socket the summary calls `socket #1`. Without
 * names, `#id.attempt` with the simulator's exchange id.
 */
function exchangeText(e: TraceEvent, names: ExchangeNames | undefined): string {
  if (e.method === '') return '';
  const attempt = e.method === 'WS' ? '' : `.${e.attempt}`;
  if (names === undefined) return `#${e.exchangeId}${attempt}`;
  const step = names.get(e.exchangeId);
  return step === undefined ? `ws${e.exchangeId}${attempt}` : `${step}${attempt}`;
}

/** `PUT /notes/1`, or `200 ← PUT /notes/1` for a response, or `WS next 1` for a WebSocket frame. */
export function messageText(e: TraceEvent): string {
  if (e.method === 'WS') return `WS ${e.note}`;
  const line = `${e.method} ${e.path}`;
  return e.status === 0 ? line : `${e.status} ← ${line}`;
}

/** `via wan:client, queued 8.056 ms, tx 8.056 ms` for a send; the recorded note otherwise. */
export function noteText(e: TraceEvent): string {
  if (e.kind === 'complete') return `answer to attempt ${e.attempt}`;
  // A frame's note is its label, already in the message column; say what the hop did instead.
  if (e.method === 'WS' && e.kind !== 'send') return e.kind === 'process' && e.note.startsWith('close ') ? 'the client closed the socket' : (frameNotes[e.kind] ?? '');
  if (e.kind !== 'send') return e.note;
  const queued = e.queuedUs > 0 ? `, queued ${formatMs(e.queuedUs)} ms` : '';
  const tx = e.transmitUs > 0 ? `, tx ${formatMs(e.transmitUs)} ms` : '';
  return `via ${e.link}${queued}${tx}`;
}

const frameNotes: Partial<Record<TraceEvent['kind'], string>> = {
  pass: 'passed through, never stored',
  process: 'read by the socket',
  ignore: 'socket already closed',
};

/**
 * The summary under the timeline. With `verdicts` (the CLI always passes them, an empty list when the scenario
 * expected nothing) it says how the scenario's expectations fared, just above the figures and the replay line,
 * where a failure is seen; without, it is the summary as it always was.
 */
export function renderSummary(result: RunResult | GuestRunResult, replay: string, verdicts?: readonly Verdict[]): string {
  const out: string[] = [];
  out.push('Exchanges (latency: first send to receipt of the whole response, re-sends included)');
  const rows = result.summary.map((x) => [
    String(x.step + 1), x.client, x.auth, `${x.method} ${shorten(x.path)}`, x.status === null ? '—' : String(x.status), String(x.attempts),
    x.latencyMs === null ? '—' : formatMs(Math.round(x.latencyMs * 1000)), String(x.requestBytes), String(x.responseBytes), x.outcome,
  ]);
  out.push(table(['step', 'client', 'as', 'request', 'status', 'tries', 'latency ms', 'req B', 'resp B', 'outcome'], rows, new Set([0, 5, 6, 7, 8])));
  const about = isGuestRun(result) ? guestLines(result) : originLines(result);
  if (about.length > 0) out.push('', ...about);
  const lessons = explain(result, isGuestRun(result));
  if (lessons.length > 0) {
    out.push('');
    out.push('What happened');
    for (const lesson of lessons) out.push(`  ${lesson}`);
  }
  if (verdicts !== undefined) out.push('', renderVerdicts(verdicts));
  out.push('');
  const c = result.cache;
  out.push(`Cache: ${c.hits} hit${c.hits === 1 ? '' : 's'}, ${c.misses} miss${c.misses === 1 ? '' : 'es'}, ${c.stores} stored, ${c.invalidations} invalidated, ${c.revalidations} revalidated.`);
  const frames = result.originFrames === 0 ? '' : ` and ${result.originFrames} WebSocket frame${result.originFrames === 1 ? '' : 's'}`;
  out.push(
    `The origin handled ${result.originRequests} request${result.originRequests === 1 ? '' : 's'}${frames}; ` +
      `${traceEventsText(result)}, virtual end ${formatMs(result.endUs)} ms.`,
  );
  out.push(`Trace hash ${result.traceHash}`);
  out.push(`Replay: ${replay}`);
  return out.join('\n');
}

/**
 * What was counted, named: the trace events are the timeline's lines, while `eventsRun` counts the callbacks
 * the virtual clock ran, each of which may record several trace events (a send and its queueing) or none.
 */
function traceEventsText(result: RunResult | GuestRunResult): string {
  const traced = `${result.trace.count} trace event${result.trace.count === 1 ? '' : 's'}`;
  // A bounded or hashed trace keeps fewer events than it counts, and then they are not all on the timeline.
  const shown = result.trace.events.length === result.trace.count ? " (the timeline's lines)" : '';
  return `${traced}${shown} from ${result.eventsRun} scheduled event${result.eventsRun === 1 ? '' : 's'}`;
}

/** What a guest's app said of itself, and what it did that the virtual world cannot repeat; nothing when neither. */
function guestLines(result: GuestRunResult): string[] {
  const out = result.subscriptions.length > 0 ? renderSubscriptions(result.subscriptions) : [];
  const own: string[] = [];
  if (result.guestState !== undefined) own.push(`State the app reported: ${JSON.stringify(result.guestState)}`);
  if (result.notVirtual.length > 0) own.push('Not virtual, so this seed may not replay (--check-determinism tells):', ...result.notVirtual.map((what) => `  ${what}`));
  return out.length > 0 && own.length > 0 ? [...out, '', ...own] : [...out, ...own];
}

/** What apisim's own origin holds at the end, and what its audit and detector saw. */
function originLines(result: RunResult): string[] {
  const out: string[] = [];
  const notes = result.finalState.notes;
  if (notes.length > 0 || result.summary.some((x) => x.path.startsWith('/notes'))) {
    out.push(`Final state at the origin: ${notes.length} note${notes.length === 1 ? '' : 's'}`);
    for (const n of notes) out.push(`  /notes/${n.id}  ${JSON.stringify(n.content)}`);
  }
  if (result.summary.some((x) => x.path.startsWith('/orders'))) {
    out.push(`Orders at the origin (${result.settings.orders}):`);
    for (const o of result.finalState.orders) out.push(`  /orders/${o.id}  user ${o.user_id}  ${JSON.stringify(o.delivery_address)}`);
  }
  if (result.subscriptions.length > 0) out.push(...renderSubscriptions(result.subscriptions), '');
  out.push(`Audit: ${result.audit.allowed} allowed, ${result.audit.denied} denied.`);
  for (const a of result.alerts) {
    out.push(`ALERT at ${formatMs(a.atUs)} ms: ${alertText(a)} (someone trying ids in sequence?)`);
  }
  return out;
}

/**
 * Plain-language notes on re-sends, read off the method table rather than written per scenario. About a
 * guest's app they claim only what the messages show: how the app handles a key is for its state to say.
 */
function explain(result: RunRecord, guest: boolean): string[] {
  const lessons: string[] = [];
  result.summary.forEach((x, i) => {
    const what = `${x.method} ${x.path} (step ${x.step + 1})`;
    const key = result.exchanges[i]?.request.headers['idempotency-key'];
    if (x.outcome === 'unknown') lessons.push(`${what}: no response after ${x.attempts} attempt(s); the client cannot know whether it took effect.`);
    if (x.notSent !== undefined) lessons.push(`${what}: not sent, since ${x.notSent}.`);
    if (x.attempts < 2) return;
    const response = result.exchanges[i]?.response;
    if (key !== undefined && response !== undefined) {
      const sent = `${what} was sent ${x.attempts} times with Idempotency-Key ${key}`;
      if (response.headers['idempotent-replayed'] === 'true') lessons.push(`${sent}; the origin took effect once and replayed its first response to the repeats.`);
      else if (guest) lessons.push(`${sent}; the answer is not marked as a replay (idempotent-replayed), so whether the app took effect once or once per copy is for its state to say.`);
      else if (result.settings.idempotencyRecord === 'write-behind') lessons.push(`${sent}; the answer is no replay, and this origin writes records behind their effect, so an earlier copy may have taken effect without leaving one: see the final state.`);
      else lessons.push(`${sent}; the answer is no replay: no earlier copy had committed under that key (a record is committed with its effect), so this one ran, once.`);
      return;
    }
    const { safe, idempotent } = methodProperties(x.method);
    // Only a write can undo another client's write: a re-sent read changes nothing, whenever it lands.
    if (safe) lessons.push(`${what} was sent ${x.attempts} times; ${x.method} is safe, so the repeats only read and leave the state as it was; the answer is that of the copy that got through.`);
    else if (idempotent) lessons.push(`${what} was sent ${x.attempts} times; ${x.method} is idempotent, so the repeats leave the state one send would, unless another client wrote in between: then a late repeat undoes that write (under an Idempotency-Key it would be replayed instead).`);
    else if (key !== undefined) lessons.push(`${what} was sent ${x.attempts} times with Idempotency-Key ${key}; no answer came back.`);
    else if (guest) lessons.push(`${what} was sent ${x.attempts} times without an Idempotency-Key; ${x.method} is not idempotent, so every copy that reached the app may have taken effect again.`);
    else lessons.push(`${what} was sent ${x.attempts} times without an Idempotency-Key; ${x.method} is not idempotent, so every copy that reached the origin took effect again.`);
  });
  return lessons;
}

function table(head: readonly string[], rows: readonly string[][], rightAligned: ReadonlySet<number>): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    '  ' + cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/** Long paths (a persisted GET carries its hash) are cut for the table; `--json` keeps them whole. */
function shorten(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
