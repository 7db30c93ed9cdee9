import { setCookieList } from '../../src/http/set-cookie-list.js';
import type { Exchange } from '../exchange.js';
import type { CaptureSpec } from '../scenario/capture-spec.js';
import { captureFrom } from '../scenario/captures.js';
import { pointerOf } from '../scenario/json-pointer.js';
import { type CapturedValue, escapeText, fillJson, fillText, mapJsonStrings, placeholderOf } from '../scenario/placeholders.js';
import type { StepSpec } from '../scenario/spec.js';

/**
 * A value shorter than this may stand in a later request by chance (`1`, `true`, `ok`), so it is written as
 * a capture only where ids go and only when the answer named it an id (`idLike`). A token, a session id or a
 * UUID is far longer, and that it reappears is no chance.
 */
const minChanceFreeChars = 8;

/** A value an answer gave the client, which a later request may send on. */
interface Learned {
  readonly step: number;
  readonly spec: CaptureSpec;
  readonly value: CapturedValue;
  readonly text: string;
  /** When the answer arrived: only a step that starts after it can send the value. */
  readonly knownAtUs: number;
}

/** Where a value stands in a request: its path, a header's value or a raw body (`text`), or a string or number of its body (and under which member). */
type Place = { readonly in: 'path' } | { readonly in: 'text' } | { readonly in: 'body'; readonly member: string | undefined };

/**
 * A session's steps as a scenario writes them, with what they sent on from earlier answers written as
 * captures: the token a sign-in answered, the cookie it set, the id a POST made. Such a file replays on any
 * seed where the flow is the same, where literal values would replay only the seed that made them.
 *
 * Exact by construction: a value is written `{{name}}` only where it stands literally in the request, the
 * capture reads it with the same `captureFrom` the run will, from an answer that arrived before the step
 * started; and a step is written with placeholders only if filling them gives back exactly what it sent
 * (else it is written as sent). A value the client had sent before that answer came is its own, not learned,
 * and stays literal. Text that looks like a placeholder is escaped, so a step always sends what it sent.
 */
export function withCaptures(steps: readonly StepSpec[], exchanges: readonly (Exchange | undefined)[]): StepSpec[] {
  const learned = firstSources(steps.flatMap((step, j) => learnedFrom(j, exchanges[j])).filter((l) => !saidBefore(l, steps)));
  const names = new Map<Learned, string>();
  const captures = new Map<number, Record<string, CaptureSpec>>();
  const nameOf = (l: Learned): string => {
    let name = names.get(l);
    if (name === undefined) {
      name = uniqueName(baseName(l.spec), new Set(names.values()));
      names.set(l, name);
      captures.set(l.step, { ...captures.get(l.step), [name]: l.spec });
    }
    return name;
  };
  const written = steps.map((step, i) => {
    const usable = learned.filter((l) => l.step < i && step.atUs !== undefined && l.knownAtUs < step.atUs);
    // Placeholders named for now by place in `usable`: the names are given once the step is known to fill back.
    const trial = templated(step, usable, (l) => `_${usable.indexOf(l)}`);
    if (trial.used.length === 0 || !fillsBack(trial.step, step, new Map(usable.map((l, k) => [`_${k}`, l.value])))) return literal(step);
    return templated(step, usable, nameOf).step;
  });
  return written.map((step, i) => (captures.has(i) ? { ...step, capture: captures.get(i)! } : step));
}

/** The values an answer gives: its cookies, its headers, and the strings and numbers of its JSON body. */
function learnedFrom(step: number, exchange: Exchange | undefined): Learned[] {
  const response = exchange?.response;
  if (exchange === undefined || response === undefined || exchange.completedUs === undefined) return [];
  const sources: { spec: CaptureSpec; idLike: boolean }[] = [];
  const cookies = new Set(setCookieList(response.headers).map((field) => field.split(';', 1)[0]!.split('=', 1)[0]!.trim()));
  for (const name of cookies) sources.push({ spec: { from: 'cookie', name }, idLike: false });
  for (const name of Object.keys(response.headers).filter(handsBack).sort()) {
    sources.push({ spec: { from: 'header', name }, idLike: name === 'location' || name === 'content-location' });
  }
  for (const [path, member] of leavesOf(parsed(response.body), [])) sources.push({ spec: { from: 'body', pointer: pointerOf(path) }, idLike: idMember(member) });
  return sources.flatMap(({ spec, idLike }) => {
    const captured = captureFrom(spec, exchange);
    if (!captured.found || typeof captured.value === 'boolean') return [];
    const text = String(captured.value);
    // A short value is learned only when the answer named it an id: a body member `id`, `…Id`, `…_id`, a `Location`.
    return text.length >= minChanceFreeChars || (idLike && text !== '') ? [{ step, spec, value: captured.value, text, knownAtUs: exchange.completedUs! }] : [];
  });
}

/** Each value once, from the answer that gave it first. */
function firstSources(learned: readonly Learned[]): Learned[] {
  const first = new Map<string, Learned>();
  for (const l of [...learned].sort((a, b) => a.knownAtUs - b.knownAtUs || a.step - b.step)) if (!first.has(l.text)) first.set(l.text, l);
  return [...first.values()];
}

/** Whether a request sent before the answer came held the value already: then the client knew it. */
function saidBefore(l: Learned, steps: readonly StepSpec[]): boolean {
  return steps.some((step) => (step.atUs ?? 0) < l.knownAtUs && places(step).some(([text, place]) => (short(l) ? wholeAt(l, text, place) : text.includes(l.text))));
}

const short = (l: Learned) => l.text.length < minChanceFreeChars;

/** Every text of a step where a value may stand, with its place. */
function places(step: StepSpec): [string, Place][] {
  const body = leavesOf(step.body, []).map(([, member, value]): [string, Place] => [String(value), { in: 'body', member }]);
  const texts = [...Object.values(step.headers), ...(step.rawBody === undefined ? [] : [step.rawBody])].map((v): [string, Place] => [v, { in: 'text' }]);
  return [[step.path, { in: 'path' }], ...texts, ...body];
}

/** A short value stands only where ids go: a whole path segment, or a body member named an id. */
function wholeAt(l: Learned, text: string, place: Place): boolean {
  if (place.in === 'path') return segments(text).includes(l.text);
  return place.in === 'body' && idMember(place.member) && text === l.text;
}

interface Templated {
  readonly step: StepSpec;
  readonly used: Learned[];
}

/** The step with every learned value it holds written as a placeholder named by `nameOf`, and the values it holds. */
function templated(step: StepSpec, usable: readonly Learned[], nameOf: (l: Learned) => string): Templated {
  const used: Learned[] = [];
  const text = (value: string, place: Place): string => {
    const found = matches(value, usable, place);
    used.push(...found.map((m) => m.learned));
    let out = '';
    let at = 0;
    for (const m of found) {
      out += escapeText(value.slice(at, m.start)) + placeholderOf(nameOf(m.learned));
      at = m.end;
    }
    return out + escapeText(value.slice(at));
  };
  const body = (value: unknown, member: string | undefined): unknown => {
    if (typeof value === 'string') return text(value, { in: 'body', member });
    if (typeof value === 'number') {
      const same = usable.find((l) => l.value === value && (!short(l) || idMember(member)));
      if (same === undefined) return value;
      used.push(same);
      return placeholderOf(nameOf(same));
    }
    if (Array.isArray(value)) return value.map((item) => body(item, member));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, body(item, key)]));
    return value;
  };
  return {
    step: {
      ...step,
      path: text(step.path, { in: 'path' }),
      headers: Object.fromEntries(Object.entries(step.headers).map(([name, value]) => [name, text(value, { in: 'text' })])),
      ...(step.body === undefined ? {} : { body: body(step.body, undefined) as StepSpec['body'] }),
    },
    used,
  };
}

interface Match {
  readonly start: number;
  readonly end: number;
  readonly learned: Learned;
}

/** Where learned values stand in `text`: leftmost first, the longest of those that start together, none overlapping. */
function matches(text: string, usable: readonly Learned[], place: Place): Match[] {
  const all: Match[] = [];
  for (const learned of usable) {
    if (short(learned) && !wholeAt(learned, text, place)) continue;
    // A body string that is one value alone is sent as the value: only a string can stand for a string.
    if (place.in === 'body' && text === learned.text && typeof learned.value !== 'string') continue;
    for (let start = text.indexOf(learned.text); start >= 0; start = text.indexOf(learned.text, start + 1)) {
      const end = start + learned.text.length;
      // After a backslash, a placeholder would read as escaped.
      if (text[start - 1] === '\\') continue;
      if (short(learned) && place.in === 'path' && !(/^$|[/?&=;]$/.test(text.slice(0, start).slice(-1)) && /^$|^[/?&=;#]/.test(text.slice(end, end + 1)))) continue;
      all.push({ start, end, learned });
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const chosen: Match[] = [];
  for (const m of all) if (m.start >= (chosen.at(-1)?.end ?? 0)) chosen.push(m);
  return chosen;
}

/** Whether filling the templated step's placeholders from `values` gives back exactly the step as it was sent. */
function fillsBack(templatedStep: StepSpec, sent: StepSpec, values: ReadonlyMap<string, CapturedValue>): boolean {
  const valueOf = (name: string): CapturedValue => {
    const value = values.get(name);
    if (value === undefined) throw new Error(`no value named ${name}`);
    return value;
  };
  try {
    return fillText(templatedStep.path, valueOf) === sent.path &&
      Object.entries(templatedStep.headers).every(([name, value]) => fillText(value, valueOf) === sent.headers[name]) &&
      JSON.stringify(templatedStep.body === undefined ? undefined : fillJson(templatedStep.body, valueOf)) === JSON.stringify(sent.body);
  } catch {
    return false;
  }
}

/** The step as it was sent, its placeholder-shaped text escaped so that it is sent so again. */
function literal(step: StepSpec): StepSpec {
  return {
    ...step,
    path: escapeText(step.path),
    headers: Object.fromEntries(Object.entries(step.headers).map(([name, value]) => [name, escapeText(value)])),
    ...(step.body === undefined ? {} : { body: mapJsonStrings(step.body, escapeText) as StepSpec['body'] }),
  };
}

/** The string and number leaves of a JSON value: where each is, the member that holds it, and the leaf. */
function leavesOf(value: unknown, path: (string | number)[], member?: string): [(string | number)[], string | undefined, string | number][] {
  if (typeof value === 'string' || typeof value === 'number') return [[path, member, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => leavesOf(item, [...path, i], member));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key], key));
  return [];
}

function parsed(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
}

function segments(path: string): string[] {
  return path.split(/[/?&=;#]/);
}

/**
 * A header a server hands a client to send back: where the object is, its version, or one named for a token,
 * a session, a key or an id (`x-csrf-token`, `x-session-id`). `content-type: application/json` comes back in a
 * later request too, and is no value of the answer's.
 */
function handsBack(name: string): boolean {
  return ['location', 'content-location', 'etag'].includes(name) || /(^|-)(token|session|key|id|csrf|xsrf)(-|$)/.test(name);
}

/** `id`, `orderId`, `user_id`, `note-id`: a member that names an id. */
function idMember(member: string | undefined): boolean {
  return member !== undefined && /^(id|.*[a-z0-9]I[dD]|.*[_-][iI][dD])$|^ID$/.test(member);
}

/** A capture's name: the member, header or cookie it reads, as a name a placeholder can hold. */
function baseName(spec: CaptureSpec): string {
  const raw = spec.from === 'body' ? (spec.pointer.split('/').reverse().find((t) => t !== '' && !/^\d+$/.test(t)) ?? 'value').replaceAll('~1', '/').replaceAll('~0', '~') : spec.name;
  const name = raw.replace(/[^A-Za-z0-9_-]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}
