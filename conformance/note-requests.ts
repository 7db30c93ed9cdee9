import type { Caller } from './caller.js';
import { type CheckContext, finding, type Finding, is2xx } from './check.js';
import type { TargetClient } from './target-client.js';
import { type WireExchange, jsonOf } from './wire.js';

/** The id a creation answered with: the body's `id`, else the last segment of `Location` (spec §4: 201). */
export function createdId(exchange: WireExchange): string | undefined {
  const body = jsonOf(exchange.response) as { id?: unknown } | undefined;
  if (typeof body?.id === 'number' || (typeof body?.id === 'string' && body.id !== '')) return String(body.id);
  const location = exchange.response.headers.location;
  if (location === undefined) return undefined;
  const last = new URL(location, exchange.request.url).pathname.split('/').filter((s) => s !== '').pop();
  return last === undefined || last === 'notes' ? undefined : decodeURIComponent(last);
}

/** A note's content as a GET answered it, or undefined when the answer holds none. */
export function contentOf(exchange: WireExchange, field: string): unknown {
  const body = jsonOf(exchange.response);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
}

export const notePath = (id: string): string => `/notes/${encodeURIComponent(id)}`;

export type Created =
  | { readonly ok: true; readonly id: string; readonly exchange: WireExchange; /** The check deleted it: no cleanup needed. */ gone(): void }
  | { readonly ok: false; readonly finding: Finding };

/**
 * `POST /notes` with the given content, and the note's removal registered as cleanup. A creation that fails
 * is itself a finding: every notes check starts from a note of its own, never from data someone else owns.
 */
export async function createNote(ctx: CheckContext, content: string, options: { readonly via?: TargetClient; readonly as?: Caller; readonly headers?: Readonly<Record<string, string>> } = {}): Promise<Created> {
  const client = options.via ?? ctx.origin;
  const as = options.as ?? ctx.user;
  const exchange = await client.send('POST', '/notes', { as, json: { [ctx.settings.noteField]: content }, headers: options.headers ?? {} });
  const id = is2xx(exchange.response.status) ? createdId(exchange) : undefined;
  if (id === undefined) {
    return { ok: false, finding: finding('POST /notes did not create a note with an id to work on', `201 with the note's id in the body or in Location`, exchange) };
  }
  let present = true;
  ctx.cleanup(async () => (present ? ctx.origin.send('DELETE', notePath(id), { as }) : undefined));
  return { ok: true, id, exchange, gone: () => (present = false) };
}

/** A content no other run or check writes. */
export const uniqueContent = (ctx: CheckContext, purpose: string): string => `conformance ${ctx.settings.runId} ${purpose}`;
