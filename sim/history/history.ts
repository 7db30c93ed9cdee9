import type { HttpResponse } from '../../src/http/message.js';
import { splitPath } from '../../src/http/message.js';
import type { Exchange } from '../exchange.js';
import type { RunResult } from '../scenario/run.js';
import { type ItemId, type ItemResource, itemIdIn, ownNotes } from './resource.js';

/** What one note holds: its content, or `null` when there is no note under that id. */
export type NoteState = string | null;

/**
 * What a DELETE tells about the note it was sent to. `deleted` (204): it was there and this removed it.
 * `absent` (404 to the one copy sent): there was nothing to remove. `absent-after-resend` (404 after a re-send,
 * or on a line that duplicates): the 404 may answer a copy that came after an earlier copy removed it, so it
 * says only that the note is gone afterwards.
 */
export type DeleteAnswer = 'deleted' | 'absent' | 'absent-after-resend';

/**
 * `ok`: a response says what happened. `fail`: a response says it did not happen (a 4xx refusal), so it has
 * no effect. `unknown`: no response (the client gave up) or a 5xx; it may have happened, at any time after
 * its invocation, or never.
 */
export type OperationStatus = 'ok' | 'fail' | 'unknown';

interface OperationBase {
  /** The exchange id: unique in a run, and the order in which operations were started. */
  readonly id: number;
  readonly client: string;
  /**
   * The note (the item of the resource) the operation is about. `undefined` only for a create whose response
   * never arrived: the server chose the id, and nobody was told which.
   */
  readonly noteId: ItemId | undefined;
  readonly invokeUs: number;
  /** `undefined` when the status is `unknown`: the effect, if any, may land at any later time. */
  readonly completeUs: number | undefined;
  readonly status: OperationStatus;
  /** The response's status code, for the excerpt; `undefined` when no response arrived. */
  readonly httpStatus: number | undefined;
  readonly attempts: number;
}

/** One client operation on one note, as invoked and as completed. */
export type NoteOperation =
  | (OperationBase & { readonly kind: 'read'; readonly input: undefined; readonly output: NoteState | undefined })
  | (OperationBase & { readonly kind: 'write'; readonly input: string; readonly output: undefined })
  | (OperationBase & { readonly kind: 'create'; readonly input: string; readonly output: undefined })
  | (OperationBase & { readonly kind: 'delete'; readonly input: undefined; readonly output: DeleteAnswer | undefined });

export type NoteOperationKind = NoteOperation['kind'];

/**
 * Statuses that mean the origin refused the request before applying anything: every body is checked whole
 * before a change (src/notes/body.ts), and both gates and the rate limit answer before the resource runs.
 */
const refusedStatuses = new Set([400, 401, 403, 405, 413, 415, 422, 429]);

export interface HistoryOptions {
  /**
   * Whether the line may deliver one attempt twice (a `duplicate` fault rule). Then a DELETE's 404 may answer
   * the second copy of a request whose first copy deleted the note, as after a re-send, so it only says the
   * note is gone afterwards.
   */
  readonly duplicatingLine: boolean;
  /** Which paths and body member are the notes: apisim's own by default, or a target's writable resource. */
  readonly resource?: ItemResource;
}

/**
 * A run's history, knowing from its topology whether a line may duplicate requests; `include` keeps only some
 * of its exchanges (those the origin answered, say).
 */
export function historyOfRun(
  run: Pick<RunResult, 'exchanges' | 'settings'>,
  include?: (exchange: Exchange) => boolean,
  resource: ItemResource = ownNotes,
): NoteOperation[] {
  const { wan, lan } = run.settings.topology;
  const exchanges = include === undefined ? run.exchanges : run.exchanges.filter(include);
  return historyOf(exchanges, { duplicatingLine: [...wan.faults, ...lan.faults].some((rule) => rule.name === 'duplication'), resource });
}

/**
 * The run's exchanges as operations on notes, in the order they were started. Exchanges that are not about
 * a note (sessions, orders, graph, HEAD, OPTIONS, a path that is no note id) are left out.
 */
export function historyOf(exchanges: readonly Exchange[], options: HistoryOptions = { duplicatingLine: false }): NoteOperation[] {
  const operations: NoteOperation[] = [];
  for (const exchange of [...exchanges].sort((a, b) => a.id - b.id)) {
    const operation = operationOf(exchange, options);
    if (operation !== undefined) operations.push(operation);
  }
  return operations;
}

export function operationOf(exchange: Exchange, options: HistoryOptions = { duplicatingLine: false }): NoteOperation | undefined {
  const { method } = exchange.request;
  const { pathname } = splitPath(exchange.request.path);
  const resource = options.resource ?? ownNotes;
  const res = exchange.outcome === 'response' ? exchange.response : undefined;
  const status = statusOf(res);
  const base = {
    id: exchange.id,
    client: exchange.client,
    invokeUs: exchange.startedUs,
    completeUs: status === 'unknown' ? undefined : exchange.completedUs,
    status,
    httpStatus: res?.status,
    attempts: exchange.attempts,
  };

  if (pathname === resource.collection) {
    if (method !== 'POST') return undefined;
    const input = memberOf(exchange.request.body, resource);
    if (input === undefined) return undefined;
    const noteId = status === 'ok' ? createdId(res!, resource) : undefined;
    // A 2xx without an id we can read is not the create we know; say nothing rather than guess.
    if (status === 'ok' && noteId === undefined) return { ...base, kind: 'create', noteId, input, output: undefined, status: 'unknown', completeUs: undefined };
    return { ...base, kind: 'create', noteId, input, output: undefined };
  }
  const noteId = itemIdIn(resource, pathname);
  if (noteId === undefined) return undefined;

  switch (method) {
    case 'GET': {
      const output = status === 'ok' ? readOutput(res!, resource) : undefined;
      // A 200 whose body names no content tells nothing about the note: no constraint rather than a wrong one.
      if (status === 'ok' && output === undefined) return { ...base, kind: 'read', noteId, input: undefined, output, status: 'unknown', completeUs: undefined };
      return { ...base, kind: 'read', noteId, input: undefined, output };
    }
    case 'PUT': {
      const input = memberOf(exchange.request.body, resource);
      // A body we cannot read was refused by the origin too (422 or 400): no effect, nothing to check.
      if (input === undefined) return undefined;
      return { ...base, kind: 'write', noteId, input, output: undefined };
    }
    case 'DELETE':
      return { ...base, kind: 'delete', noteId, input: undefined, output: status === 'ok' ? deleteOutput(res!, exchange.attempts > 1 || options.duplicatingLine) : undefined };
    default:
      return undefined;
  }
}

function statusOf(res: HttpResponse | undefined): OperationStatus {
  if (res === undefined) return 'unknown';
  if (refusedStatuses.has(res.status)) return 'fail';
  // 404 is an answer for notes (absent), 2xx a success; anything else we cannot read as either.
  if ((res.status >= 200 && res.status < 300) || res.status === 404) return 'ok';
  return 'unknown';
}

function readOutput(res: HttpResponse, resource: ItemResource): NoteState | undefined {
  return res.status === 404 ? null : memberOf(res.body, resource);
}

function deleteOutput(res: HttpResponse, mayBeACopy: boolean): DeleteAnswer {
  if (res.status !== 404) return 'deleted';
  return mayBeACopy ? 'absent-after-resend' : 'absent';
}

/** The id a 201 names: the body's `id`, else the `Location` header (a path, or an absolute URL's path). */
function createdId(res: HttpResponse, resource: ItemResource): ItemId | undefined {
  const parsed = parseJson(res.body);
  const fromBody = typeof parsed === 'object' && parsed !== null ? resource.idInBody((parsed as { id?: unknown }).id) : undefined;
  if (fromBody !== undefined) return fromBody;
  const location = res.headers.location;
  if (location === undefined) return undefined;
  return itemIdIn(resource, location.startsWith('/') ? splitPath(location).pathname : pathOfUrl(location));
}

function pathOfUrl(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** The member the register follows (`content`), when the body is an object whose member is a string. */
function memberOf(body: string | undefined, resource: ItemResource): string | undefined {
  const parsed = parseJson(body);
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const value = (parsed as Record<string, unknown>)[resource.member];
  return typeof value === 'string' ? value : undefined;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
