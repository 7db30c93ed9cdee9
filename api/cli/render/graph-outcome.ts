import { STATUS_CODES } from 'node:http';
import type { HttpResponse } from '../../../src/http/message.js';

/** One entry of a GraphQL `errors` list, flattened for a table. */
export interface GraphErrorLine {
  readonly code: string | undefined;
  readonly message: string;
  /** `failed.posts` or `user.posts[0].title`: where in `data` the field failed; absent for request errors. */
  readonly path: string | undefined;
  /** `line 1, column 55` of the document. */
  readonly location: string | undefined;
}

/**
 * What a response to a graph request amounts to. GraphQL-over-HTTP's split: a 4xx was not executed, a 200
 * was; and a 200 with `errors` beside `data` is the spec's partial failure (§7.2).
 */
export type GraphAnswer =
  | { readonly kind: 'data' }
  | { readonly kind: 'partial'; readonly errors: readonly GraphErrorLine[] }
  /** 200 with `errors` and no `data`, e.g. PERSISTED_QUERY_NOT_FOUND: well-formed, but nothing ran. */
  | { readonly kind: 'errors-only'; readonly errors: readonly GraphErrorLine[] }
  /** A 4xx or 5xx with a GraphQL `errors` list (not executed). */
  | { readonly kind: 'rejected'; readonly errors: readonly GraphErrorLine[] }
  /** A 4xx from before the graph endpoint (a gate, the rate limit): RFC 9457 problem details. */
  | { readonly kind: 'problem'; readonly title: string; readonly detail: string | undefined }
  | { readonly kind: 'other' }
  | { readonly kind: 'no-response' };

/** The body as JSON when it is JSON, else its text; `undefined` when there was no body. */
export function parsedBody(response: HttpResponse | undefined): unknown {
  const text = response?.body;
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function graphAnswer(response: HttpResponse | undefined): GraphAnswer {
  if (response === undefined) return { kind: 'no-response' };
  const body = parsedBody(response);
  if (!isObject(body)) return { kind: 'other' };
  const errors = Array.isArray(body.errors) ? body.errors.map(errorLine) : [];
  if (response.status === 200) {
    if (errors.length === 0) return { kind: 'data' };
    return 'data' in body ? { kind: 'partial', errors } : { kind: 'errors-only', errors };
  }
  if (errors.length > 0) return { kind: 'rejected', errors };
  if (typeof body.title === 'string') return { kind: 'problem', title: body.title, detail: typeof body.detail === 'string' ? body.detail : undefined };
  return { kind: 'other' };
}

/** The status with what it means for this request, e.g. `400 Bad Request: rejected before execution; nothing ran`. */
export function statusMeaning(status: number | null, answer: GraphAnswer): string {
  if (status === null) return 'No response: the client gave up, so whether the request ran is unknown';
  const head = `${status} ${STATUS_CODES[status] ?? ''}`.trimEnd();
  switch (answer.kind) {
    case 'data':
      return `${head}: executed; data holds exactly the fields asked for`;
    case 'partial': {
      const n = answer.errors.length;
      return `${head}: partial failure: ${n} error${n === 1 ? '' : 's'}, and data still holds every field that resolved`;
    }
    case 'errors-only':
      return answer.errors.some((e) => e.code === 'PERSISTED_QUERY_NOT_FOUND')
        ? `${head}: the server does not know this hash yet (PERSISTED_QUERY_NOT_FOUND); the client sends the query next`
        : `${head}: errors and no data; nothing ran`;
    case 'rejected':
      return `${head}: rejected before execution; no resolver ran`;
    case 'problem':
      return `${head}: ${gateMeaning(status) ?? answer.title}${answer.detail === undefined ? '' : ` (${answer.detail})`}`;
    default:
      return head;
  }
}

/** A few words for a table cell: `data`, `partial, 1 error`, `rejected: QUERY_TOO_DEEP`, ... */
export function answerCell(answer: GraphAnswer): string {
  switch (answer.kind) {
    case 'data':
      return 'data';
    case 'partial':
      return `partial, ${answer.errors.length} error${answer.errors.length === 1 ? '' : 's'}`;
    case 'errors-only':
      return codesOf(answer.errors) ?? 'errors, no data';
    case 'rejected':
      return `rejected${codesOf(answer.errors) === undefined ? '' : `: ${codesOf(answer.errors)!}`}`;
    case 'problem':
      return answer.title;
    case 'no-response':
      return 'no response';
    default:
      return '';
  }
}

function gateMeaning(status: number): string | undefined {
  if (status === 401) return 'gate 1 could not tell who is calling';
  if (status === 403) return 'gate 2 refused this caller';
  if (status === 429) return 'this caller\'s rate limit is spent';
  return undefined;
}

function codesOf(errors: readonly GraphErrorLine[]): string | undefined {
  const codes = [...new Set(errors.map((e) => e.code).filter((c): c is string => c !== undefined))];
  return codes.length === 0 ? undefined : codes.join(', ');
}

function errorLine(error: unknown): GraphErrorLine {
  if (!isObject(error)) return { code: undefined, message: JSON.stringify(error), path: undefined, location: undefined };
  const code = isObject(error.extensions) && typeof error.extensions.code === 'string' ? error.extensions.code : undefined;
  const path = Array.isArray(error.path) ? formatPath(error.path) : undefined;
  const first: unknown = Array.isArray(error.locations) ? error.locations[0] : undefined;
  const location = isObject(first) && typeof first.line === 'number' && typeof first.column === 'number' ? `line ${first.line}, column ${first.column}` : undefined;
  return { code, message: typeof error.message === 'string' ? error.message : JSON.stringify(error), path, location };
}

/** `["user", "posts", 0, "title"]` → `user.posts[0].title`, the way the field reads in `data`. */
export function formatPath(path: readonly unknown[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
