import type { Caller } from './caller.js';
import { type CheckContext, is2xx, unmade, type Verdict } from './check.js';
import { itemPath, type WritableShape } from './service-shape.js';
import type { TargetClient } from './target-client.js';
import { type WireExchange, jsonOf } from './wire.js';

/** The id a creation answered with: the body's `id`, else the last segment of `Location` (spec §4: 201). */
export function createdId(exchange: WireExchange, collection = '/notes'): string | undefined {
  const body = jsonOf(exchange.response) as { id?: unknown } | undefined;
  if (typeof body?.id === 'number' || (typeof body?.id === 'string' && body.id !== '')) return String(body.id);
  const location = exchange.response.headers.location;
  if (location === undefined) return undefined;
  const last = new URL(location, exchange.request.url).pathname.split('/').filter((s) => s !== '').pop();
  return last === undefined || last === collection.split('/').filter((s) => s !== '').pop() ? undefined : decodeURIComponent(last);
}

/** A member of what a GET answered (a note's content), or undefined when the answer holds none. */
export function contentOf(exchange: WireExchange, field: string): unknown {
  const body = jsonOf(exchange.response);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
}

/**
 * The writable resource when it answers every method of `methods`, or why the check cannot run: the area is
 * not declared, or the item does not take PUT or DELETE.
 */
export function writableWith(ctx: CheckContext, methods: readonly string[]): WritableShape | string {
  const writable = ctx.shape.writable;
  if (writable === undefined) return 'the target declares no writable resource: declare writable: [{ collection, item, body, methods }]';
  if (writable.byUser && !ctx.shape.users) return `only a signed-in user may write to ${writable.collection}, and the target declares no users: declare users.user and users.otherUser`;
  if (writable.field === '') return `${writable.collection}'s body has no string member for the checks to vary: give writable[].body one, e.g. { title: "x" }`;
  const missing = methods.filter((m) => !writable.methods.includes(m));
  if (missing.length > 0) return `${writable.item} does not take ${missing.join(' or ')}: declare writable[].methods with ${missing.join(', ')} if it does`;
  return writable;
}

export const writableItem = (writable: WritableShape, id: string): string => itemPath(writable.item, id);

/** A body that creates or replaces one, holding `content` in the member the checks vary. */
export const writableBody = (writable: WritableShape, content: string): Record<string, unknown> => ({ ...writable.body, [writable.field]: content });

export type Created =
  | { readonly ok: true; readonly id: string; readonly exchange: WireExchange; /** The check deleted it: no cleanup needed. */ gone(): void }
  /** `unrun`: the check cannot judge its principle without the object. */
  | { readonly ok: false; readonly unrun: Verdict; readonly exchange: WireExchange };

/**
 * A POST to the collection with the given content, and its removal registered as cleanup (when the item
 * takes DELETE). Every check starts from an object of its own, never from data someone else owns, so a
 * creation that fails leaves the check unable to run: its verdict says so, and is not a failure of the
 * principle it checks.
 */
export async function createWritable(ctx: CheckContext, writable: WritableShape, content: string, options: { readonly via?: TargetClient; readonly as?: Caller; readonly headers?: Readonly<Record<string, string>> } = {}): Promise<Created> {
  const client = options.via ?? ctx.origin;
  const as = options.as ?? ctx.user;
  const exchange = await client.send('POST', writable.collection, { as, json: writableBody(writable, content), headers: options.headers ?? {} });
  const id = is2xx(exchange.response.status) ? createdId(exchange, writable.collection) : undefined;
  if (id === undefined) {
    return { ok: false, unrun: unmade(`${writable.name === 'notes' ? 'no note' : `none of ${writable.name}`} to work on (201 with the id in the body or in Location)`, exchange), exchange };
  }
  let present = writable.methods.includes('DELETE');
  ctx.cleanup(async () => (present ? ctx.origin.send('DELETE', writableItem(writable, id), { as }) : undefined));
  return { ok: true, id, exchange, gone: () => (present = false) };
}

/** A content no other run or check writes. */
export const uniqueContent = (ctx: CheckContext, purpose: string): string => `conformance ${ctx.settings.runId} ${purpose}`;
