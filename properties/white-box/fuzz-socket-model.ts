import { thrown } from './fuzz-exchange.js';
import type { Intent } from './fuzz-socket-frames.js';
import { type ClientFrame, closeFault, readClientFrame, readServerMessage, sameJson } from './fuzz-socket-protocol.js';
import type { Action, Received, SocketRun } from './fuzz-socket-run.js';

/**
 * The oracle of the WebSocket frame properties: a model of each connection as its client sees it
 * (acknowledged or not, open or closed, which ids listen to which post), walked along a recorded run. For
 * every action it knows what the origin must send, to whom, and what may change:
 *
 * - the acting socket gets the protocol's answer (graphql-ws PROTOCOL.md and docs/decisions/subscriptions.md): ack, pong
 *   with the ping's payload, nothing, `error`, `next` then `complete`, or a close with the one code the
 *   misuse calls for (1009, 4400, 4401, 4409, 4429); every text is a graphql-ws server message;
 * - an event (a comment added over HTTP or by a mutation over a socket) makes exactly one `next` on every
 *   subscription to that post, in subscription order, or a 4401 close where the session was revoked; no
 *   other socket gets anything, ever;
 * - after every action the origin counts the sockets and subscriptions the model holds open, and nothing
 *   waits undelivered; after the last close both are zero;
 * - a frame changes the origin's state only when an operation ran (`next`); nothing ever throws.
 */

export type FindingKind = 'crash' | 'protocol' | 'push' | 'count' | 'state';

export interface Finding {
  readonly kind: FindingKind;
  readonly message: string;
}

interface SocketModel {
  open: boolean;
  acked: boolean;
  revoked: boolean;
  /** Subscriptions running, by id, with the post each listens to, in the order they began. */
  readonly listening: Map<string, number>;
}

type Pattern =
  | { readonly close: number }
  | { readonly type: 'connection_ack' }
  /** `payload` undefined: the pong has none. */
  | { readonly type: 'pong'; readonly payload: unknown }
  | { readonly type: 'next' | 'error' | 'complete'; readonly id: string; readonly code?: string };

/** One answer the protocol allows, and what it does to the model once it is the one that came. */
interface Answer {
  readonly patterns: readonly Pattern[];
  readonly then: () => void;
}

const noop = (): void => undefined;
const isObject = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);

function closing(m: SocketModel, code: number): Answer {
  return { patterns: [{ close: code }], then: () => end(m) };
}

function end(m: SocketModel): void {
  m.open = false;
  m.listening.clear();
}

/** What the protocol allows as the answer to one frame, longest first, so an empty answer is tried last. */
function answersTo(m: SocketModel, read: ClientFrame, intent: Intent): Answer[] {
  switch (read.kind) {
    case 'too-big': return [closing(m, 1009)];
    case 'invalid': return [closing(m, 4400)];
    case 'connection_init': return m.acked ? [closing(m, 4429)] : [{ patterns: [{ type: 'connection_ack' }], then: () => (m.acked = true) }];
    case 'ping': return [{ patterns: [{ type: 'pong', payload: isObject(read.payload) ? read.payload : undefined }], then: noop }];
    case 'pong': return [{ patterns: [], then: noop }];
    case 'complete': return [{ patterns: [], then: () => m.listening.delete(read.id) }];
    case 'subscribe': {
      const id = read.id;
      if (!m.acked) return [closing(m, 4401)];
      if (m.listening.has(id)) return [closing(m, 4409)];
      if (m.listening.size >= 10) return [{ patterns: [{ type: 'error', id, code: 'TOO_MANY_OPERATIONS' }], then: noop }];
      if (m.revoked) return [closing(m, 4401)];
      const refused: Answer = { patterns: [{ type: 'error', id }], then: noop };
      switch (intent.kind) {
        case 'listen': return [refused, { patterns: [], then: () => m.listening.set(id, intent.postId) }];
        case 'once': return [{ patterns: [{ type: 'next', id }, { type: 'complete', id }], then: noop }, refused];
        case 'refused': return [refused];
      }
    }
  }
}

/** What one socket must get when a comment is added to `post`: a `next` per subscription to it, or a 4401 close once its session is revoked. */
function pushesTo(m: SocketModel, post: number | undefined): Answer {
  const ids = post === undefined || !m.open ? [] : [...m.listening].filter(([, p]) => p === post).map(([id]) => id);
  if (ids.length === 0) return { patterns: [], then: noop };
  if (m.revoked) return closing(m, 4401);
  return { patterns: ids.map((id) => ({ type: 'next' as const, id })), then: noop };
}

function matches(p: Pattern, r: Received): boolean {
  if ('close' in p) return r.kind === 'close' && r.code === p.close;
  if (r.kind !== 'text') return false;
  const m = readServerMessage(r.text);
  if (typeof m === 'string' || m.type !== p.type) return false;
  if (p.type === 'connection_ack') return true;
  if (p.type === 'pong') return p.payload === undefined ? !('payload' in m) : 'payload' in m && sameJson(m.payload, p.payload);
  if (!('id' in m) || m.id !== p.id) return false;
  return p.code === undefined || (m.type === 'error' && m.payload.some((e) => isObject(e.extensions) && e.extensions.code === p.code));
}

const fits = (patterns: readonly Pattern[], got: readonly Received[]) => patterns.length <= got.length && patterns.every((p, i) => matches(p, got[i]!));

function shownPattern(p: Pattern): string {
  if ('close' in p) return `close ${p.close}`;
  if (p.type === 'connection_ack' || p.type === 'pong') return p.type;
  return `${p.type} ${JSON.stringify(p.id).slice(0, 30)}${p.code === undefined ? '' : ` [${p.code}]`}`;
}

function shownReceived(r: Received): string {
  if (r.kind === 'close') return `close ${r.code} ${JSON.stringify(r.reason)}`;
  const m = readServerMessage(r.text);
  if (typeof m === 'string') return `${m}: ${JSON.stringify(r.text.slice(0, 80))}`;
  return 'id' in m ? `${m.type} ${JSON.stringify(m.id).slice(0, 30)}` : m.type;
}

const listed = (items: readonly string[]) => (items.length === 0 ? 'nothing' : items.join(', '));

function shownText(text: string, max = 120): string {
  return text.length <= max ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, max))}... (${text.length} characters)`;
}

export function describedAction(a: Action): string {
  switch (a.kind) {
    case 'frame': return `socket ${a.socket + 1} sends ${shownText(a.text)}`;
    case 'comment': return `alice comments on post ${a.postId} over HTTP`;
    case 'revoke': return `socket ${a.socket + 1}'s session is revoked`;
    case 'close': return `socket ${a.socket + 1}'s client closes it`;
  }
}

/** Every text a socket got is a graphql-ws server message, every close a named code, and nothing follows a close. */
function wireFault(got: readonly Received[], wasOpen: boolean): string | undefined {
  for (const [i, r] of got.entries()) {
    if (!wasOpen || got.slice(0, i).some((earlier) => earlier.kind === 'close')) return `got ${shownReceived(r)} after its close`;
    const fault = r.kind === 'close' ? closeFault(r.code, r.reason) : (() => { const m = readServerMessage(r.text); return typeof m === 'string' ? `${m}: ${shownText(r.text)}` : undefined; })();
    if (fault !== undefined) return fault;
  }
  return undefined;
}

/** The `addComment` a `once` answer carried, if it came back: the event whose pushes must follow. */
function published(intent: Intent, answer: readonly Received[]): number | undefined {
  if (intent.kind !== 'once' || intent.publishes === undefined) return undefined;
  const first = answer[0];
  const m = first?.kind === 'text' ? readServerMessage(first.text) : undefined;
  if (m === undefined || typeof m === 'string' || m.type !== 'next') return undefined;
  return isObject(m.payload.data) && m.payload.data.addComment != null ? intent.publishes : undefined;
}

/** Where two states, as JSON, first differ: a little of each around that point. */
function changed(before: string, after: string): string {
  let i = 0;
  while (i < before.length && before[i] === after[i]) i++;
  const around = (text: string) => `...${text.slice(Math.max(0, i - 60), i + 100)}...`;
  return `  before: ${around(before)}\n  after:  ${around(after)}`;
}

/**
 * Walks the run and returns what it found, in order. It stops at a crash or at the first answer the
 * protocol does not allow: past that point the model no longer knows what the connection believes.
 */
export function findings(run: SocketRun): Finding[] {
  const models: SocketModel[] = run.credentials.map(() => ({ open: true, acked: false, revoked: false, listening: new Map() }));
  const sessions = run.credentials.map((c) => c.kind === 'session');
  const found: Finding[] = [];
  for (const h of run.happenings) {
    const add = (kind: FindingKind, message: string) => found.push({ kind, message: `${message}\n  at: ${describedAction(h.action)}` });
    if (h.failure !== undefined) {
      add('crash', `the origin threw ${thrown(h.failure.error)}`);
      return found;
    }
    const wasOpen = models.map((m) => m.open);
    for (const [i, got] of h.received.entries()) {
      const fault = wireFault(got, wasOpen[i]!);
      if (fault !== undefined) {
        add('protocol', `socket ${i + 1} ${fault}`);
        return found;
      }
    }
    let event: number | undefined;
    let ran = false;
    const rest = h.received.map((got) => got.slice());
    const a = h.action;
    if (a.kind === 'frame' && models[a.socket]!.open) {
      const m = models[a.socket]!;
      const answers = answersTo(m, readClientFrame(a.text), a.intent);
      const got = h.received[a.socket]!;
      const answer = answers.find((x) => fits(x.patterns, got));
      if (answer === undefined) {
        add('protocol', `socket ${a.socket + 1} answered ${listed(got.map(shownReceived))}; graphql-ws calls for ${answers.map((x) => listed(x.patterns.map(shownPattern))).join(' or ')}`);
        return found;
      }
      answer.then();
      const own = got.slice(0, answer.patterns.length);
      rest[a.socket] = got.slice(answer.patterns.length);
      ran = own.some((r) => r.kind === 'text' && (readServerMessage(r.text) as { type?: string }).type === 'next');
      event = published(a.intent, own);
    } else if (a.kind === 'comment') {
      event = h.comment?.added === true ? a.postId : undefined;
    } else if (a.kind === 'revoke') {
      models[a.socket]!.revoked = sessions[a.socket]!;
    } else if (a.kind === 'close' && models[a.socket]!.open) {
      end(models[a.socket]!);
    }
    for (const [i, m] of models.entries()) {
      const expected = pushesTo(m, event);
      const got = rest[i]!;
      if (got.length === expected.patterns.length && fits(expected.patterns, got)) expected.then();
      else {
        const strangers = got.filter((r) => r.kind === 'text' && !m.listening.has((readServerMessage(r.text) as { id?: string }).id ?? ''));
        const why = strangers.length > 0 ? ` (${listed(strangers.map(shownReceived))} for no subscription it holds)` : '';
        add('push', `socket ${i + 1} got ${listed(got.map(shownReceived))}${why}; ${event === undefined ? 'no comment was added' : `a comment on post ${event}`} calls for ${listed(expected.patterns.map(shownPattern))}`);
        expected.then();
      }
    }
    const open = models.filter((m) => m.open).length;
    const listening = models.reduce((n, m) => n + m.listening.size, 0);
    if (h.openSockets !== open || h.activeSubscriptions !== listening || h.pending) {
      add('count', `the origin counts ${h.openSockets} open socket(s) and ${h.activeSubscriptions} subscription(s)${h.pending ? ', with messages undelivered,' : ''} where the clients hold ${open} and ${listening}`);
    }
    const mayChange = a.kind === 'comment' || ran;
    if (!mayChange && h.stateBefore !== h.stateAfter) {
      const answered = a.kind === 'frame' ? ` (socket ${a.socket + 1} answered ${listed(h.received[a.socket]!.map(shownReceived))})` : '';
      add('state', `the state changed though no operation ran${answered}\n${changed(h.stateBefore, h.stateAfter)}`);
    }
  }
  if (run.stray.length > 0) found.push({ kind: 'crash', message: `a rejection nobody handled: ${thrown(run.stray[0])}` });
  return found;
}

/**
 * Throws with the first finding a property judges: its own kinds, and always a crash or a protocol
 * violation, without which nothing after it can be judged. The message lists what the clients did.
 */
export function judge(run: SocketRun, kinds: readonly FindingKind[]): void {
  const judged = new Set<FindingKind>(['crash', 'protocol', ...kinds]);
  const first = findings(run).find((f) => judged.has(f.kind));
  if (first === undefined) return;
  const did = run.happenings.map((h, i) => `  ${i + 1}. ${describedAction(h.action)}`).join('\n');
  throw new Error(`${first.message}\nWhat the clients did (sockets opened by ${run.credentials.map((c) => JSON.stringify(c)).join(', ')}):\n${did}`);
}
