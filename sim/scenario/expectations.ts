import { isDeepStrictEqual } from 'node:util';
import { historyOfRun } from '../history/history.js';
import { checkLinearizability } from '../history/linearizability.js';
import type { ExpectSpec } from './expect-spec.js';
import { carriesIdempotencyKey } from '../../src/client/idempotency-key.js';
import { resolvePointer } from './json-pointer.js';
import { type ExchangeSummary, type GuestRunResult, isGuestRun, type RunResult } from './result.js';

/** One expectation of a scenario, judged against one run. */
export interface Verdict {
  /** As the file names it: `statuses`, `notes`, `finalState /notes/0/content`, `noServerErrors`, `linearizable`, `atMostOneEffectPerKey`; or `captures`, which every file asks. */
  readonly expectation: string;
  readonly held: boolean;
  /** What the file asked for, as written. */
  readonly expected: unknown;
  /** What the run showed, in the same terms (`null` where it showed nothing to compare). */
  readonly actual: unknown;
  /** In words: what was expected and what happened; for a linearizability violation, the checker's excerpt too. */
  readonly detail: string;
}

/**
 * Judges a scenario's `expect` block against a run: one verdict per expectation, in the order the format
 * lists them, none without a block; and, block or none, a failed `captures` verdict when a step was not sent
 * because a capture it needs found nothing. A pure function of the run, so a seed sweep can judge every seed
 * the same way the CLI judges one.
 */
export function judge(expect: ExpectSpec | undefined, result: RunResult | GuestRunResult): Verdict[] {
  const verdicts: Verdict[] = [];
  if (expect?.statuses !== undefined) verdicts.push(statuses(expect.statuses, result.summary));
  if (expect?.notes !== undefined) verdicts.push(notes(expect.notes, result));
  for (const [pointer, value] of Object.entries(expect?.finalState ?? {})) verdicts.push(finalStateFigure(pointer, value, result));
  if (expect?.noServerErrors !== undefined) verdicts.push(noServerErrors(expect.noServerErrors, result.summary));
  if (expect?.linearizable !== undefined) verdicts.push(linearizable(expect.linearizable, result));
  if (expect?.atMostOneEffectPerKey !== undefined) verdicts.push(atMostOneEffectPerKey(expect.atMostOneEffectPerKey, result));
  const notSent = result.summary.filter((x) => x.notSent !== undefined);
  if (notSent.length > 0) verdicts.push(stepsSent(notSent));
  return verdicts;
}

/** Whether every verdict held; true for none, since nothing was expected. */
export function allHeld(verdicts: readonly Verdict[]): boolean {
  return verdicts.every((v) => v.held);
}

const statusText = (status: number | null) => (status === null ? 'no response' : String(status));
const gotText = (x: ExchangeSummary) => (x.notSent === undefined ? `got ${statusText(x.status)}` : 'was not sent');
const stepText = (x: ExchangeSummary) => `step ${x.step + 1} (${x.method} ${x.path})`;

function statuses(expected: readonly (number | null)[], summary: readonly ExchangeSummary[]): Verdict {
  const actual = summary.map((x) => x.status);
  const wrong = summary.filter((x, i) => x.status !== expected[i]);
  // A list of another length than the steps is refused when the file is read; here only a hand-built spec gets one.
  const lengths = expected.length === actual.length ? [] : [`${expected.length} statuses for ${actual.length} steps`];
  const differences = [...lengths, ...wrong.slice(0, 3).map((x) => `${stepText(x)} ${gotText(x)}, not ${statusText(expected[x.step] ?? null)}`)];
  if (wrong.length > 3) differences.push(`${wrong.length - 3} more`);
  const held = differences.length === 0;
  const shown = `[${actual.map((s) => String(s)).join(', ')}]`;
  return { expectation: 'statuses', held, expected, actual, detail: held ? `each step got its status: ${shown}` : `expected [${expected.map((s) => String(s)).join(', ')}], got ${shown}: ${differences.join('; ')}` };
}

/**
 * Not an expectation a file writes but one every file makes: each step is sent. A step whose capture found
 * nothing was not, and the scenario did not run as written, whatever else held.
 */
function stepsSent(notSent: readonly ExchangeSummary[]): Verdict {
  const listed = notSent.slice(0, 3).map((x) => `${stepText(x)} was not sent: ${x.notSent!}`).join('; ') + (notSent.length > 3 ? `; ${notSent.length - 3} more` : '');
  return { expectation: 'captures', held: false, expected: true, actual: false, detail: listed };
}

function notes(expected: number, result: RunResult | GuestRunResult): Verdict {
  if (isGuestRun(result)) {
    return { expectation: 'notes', held: false, expected, actual: null, detail: 'counts apisim\'s own notes, and this run was on an app: name a figure of its state in finalState' };
  }
  const actual = result.finalState.notesCount;
  const count = `${actual} note${actual === 1 ? '' : 's'} at the end`;
  return { expectation: 'notes', held: actual === expected, expected, actual, detail: actual === expected ? count : `expected ${expected}, got ${count}` };
}

function finalStateFigure(pointer: string, expected: unknown, result: RunResult | GuestRunResult): Verdict {
  const expectation = `finalState ${pointer === '' ? '(whole)' : pointer}`;
  const state = isGuestRun(result) ? result.guestState : result.finalState;
  if (state === undefined) {
    return { expectation, held: false, expected, actual: null, detail: 'the app reported no state: its module exports no state(app) (docs/guest-world.md)' };
  }
  // Compared as --json prints it, so that what a user reads there is what they write here.
  const found = resolvePointer(JSON.parse(JSON.stringify(state)) as unknown, pointer);
  if (!found.found) return { expectation, held: false, expected, actual: null, detail: `expected ${JSON.stringify(expected)}, but the final state has nothing at "${pointer}"` };
  const held = isDeepStrictEqual(found.value, expected);
  const shown = abbreviated(JSON.stringify(found.value));
  return { expectation, held, expected, actual: found.value, detail: held ? shown : `expected ${abbreviated(JSON.stringify(expected))}, got ${shown}` };
}

function noServerErrors(expected: boolean, summary: readonly ExchangeSummary[]): Verdict {
  const errors = summary.filter((x) => x.status !== null && x.status >= 500);
  const held = (errors.length === 0) === expected;
  const listed = errors.slice(0, 3).map((x) => `${stepText(x)} got ${x.status}`).join('; ') + (errors.length > 3 ? `; ${errors.length - 3} more` : '');
  const detail = errors.length === 0 ? 'no response was a 5xx' : `${errors.length} response${errors.length === 1 ? ' was a' : 's were'} 5xx: ${listed}`;
  return { expectation: 'noServerErrors', held, expected, actual: errors.length === 0, detail: held || !expected ? detail : `expected none, but ${detail}` };
}

function linearizable(expected: boolean, result: RunResult | GuestRunResult): Verdict {
  const check = checkLinearizability(historyOfRun(result));
  if (check.ok) {
    const detail = `the operations on ${check.notes} note${check.notes === 1 ? '' : 's'} are linearizable`;
    return { expectation: 'linearizable', held: expected, expected, actual: true, detail: expected ? detail : `expected a violation, but ${detail}` };
  }
  if (check.reason === 'bound-exceeded') {
    // Undecided is neither answer: it holds no expectation, and says which bound to raise.
    return { expectation: 'linearizable', held: false, expected, actual: null, detail: `undecided: note ${check.noteId} has ${check.bound}\n${check.excerpt}` };
  }
  const detail = `note ${check.noteId} is not linearizable\n${check.excerpt}`;
  return { expectation: 'linearizable', held: !expected, expected, actual: false, detail: expected ? detail : `the checker found the violation: ${detail}` };
}

/**
 * A keyed POST /notes that took effect twice leaves two notes with its content. So each content a keyed POST
 * sent may be held at the end by at most as many notes as requests (of any method, keyed or not) sent that
 * content: more is an effect with no request of its own. Only apisim's notes are known to mean this.
 */
function atMostOneEffectPerKey(expected: boolean, result: RunResult | GuestRunResult): Verdict {
  const expectation = 'atMostOneEffectPerKey';
  if (isGuestRun(result)) {
    return { expectation, held: false, expected, actual: null, detail: 'counts apisim\'s own notes, and this run was on an app: name a figure of its state in finalState' };
  }
  const sent = new Map<string, number>();
  const keyed: { readonly content: string; readonly request: string }[] = [];
  for (const { request, client } of result.exchanges) {
    const content = sentContent(request.body);
    if (content === undefined || !/^\/notes(\/|$)/.test(request.path)) continue;
    sent.set(content, (sent.get(content) ?? 0) + 1);
    if (request.method === 'POST' && carriesIdempotencyKey(request)) keyed.push({ content, request: `${client}'s POST ${request.path}` });
  }
  const held = new Map<string, number>();
  for (const note of result.finalState.notes) held.set(note.content, (held.get(note.content) ?? 0) + 1);
  const twice = keyed.filter((k) => (held.get(k.content) ?? 0) > sent.get(k.content)!);
  const ok = twice.length === 0;
  const listed = twice.slice(0, 3).map((k) => `${k.request} sent ${JSON.stringify(k.content)} ${sent.get(k.content) === 1 ? 'once' : `with ${sent.get(k.content)! - 1} other request(s)`}, and ${held.get(k.content)} notes hold it`).join('; ');
  const detail = ok ? `each of ${keyed.length} keyed POST${keyed.length === 1 ? '' : 's'} took effect at most once` : `a keyed request took effect twice: ${listed}`;
  return { expectation, held: ok === expected, expected, actual: ok, detail: ok === expected || !expected ? detail : `expected at most one effect per key, but ${detail}` };
}

function sentContent(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { content?: unknown }).content === 'string' ? (parsed as { content: string }).content : undefined;
  } catch {
    return undefined;
  }
}

function abbreviated(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
