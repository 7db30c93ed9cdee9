import { type HttpRequest, type HttpResponse, jsonResponse, response } from '../http/message.js';
import { parsePathId } from '../http/path-id.js';
import { readQuery } from '../http/paging/list-query.js';
import { forbidden, methodNotAllowed, notFound, problemResponse } from '../http/problem.js';
import { quotaExceeded } from '../http/quota-exceeded.js';
import type { Guard } from '../policy/guard.js';
import type { Action } from '../policy/operation.js';
import { readNoteBody } from './body.js';
import type { NotesStore } from './store.js';

const itemMethods = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'] as const;

/**
 * A note may be kept by the shared cache for a minute (spec §3: "the cache may ... answer a repeat GET
 * itself"), but per credential: `Vary` keeps one caller's stored copy from answering another, or a caller
 * with no credential at all, whom gate 1 would refuse. `public` lets a shared cache store a response to a
 * request with Authorization (RFC 9111 §3.5). The price: a revoked session can read a note it already
 * read for up to 60 s from a cache its logout did not pass through (a logout through ours clears them). A
 * write through the cache discards the stored copies (§4.4).
 */
const shareable = { 'cache-control': 'public, max-age=60', vary: 'authorization, cookie' };
const collectionMethods = ['POST', 'OPTIONS'] as const;
const itemActions: Readonly<Record<string, Action>> = { GET: 'read', PUT: 'update', DELETE: 'delete' };

/**
 * `/notes` and `/notes/<id>` exactly as the spec's state table says: PUT creates or replaces (200),
 * POST adds one more note (201 + Location), DELETE removes (204; 404 once it is gone), GET is safe.
 * Notes are a shared notebook: gate 2 asks for the `read:notes` or `write:notes` scope, not an owner.
 */
export function handleNotes(store: NotesStore, req: HttpRequest, pathname: string, query: string, guard: Guard): HttpResponse {
  // A note takes no query parameters. Ignoring them would make `/notes/1?x` the same note as `/notes/1` to
  // the origin but another URL to a cache, whose RFC 9111 §4.4 invalidation is by URL: a PUT with a query
  // left the plain URL's stored copy stale. Refused (400, naming the parameter), they name no note at all.
  const parameters = readQuery(query, []);
  if (!parameters.ok) return problemResponse(parameters.problem);
  if (pathname === '/notes') {
    if (req.method === 'OPTIONS') return options(collectionMethods);
    if (req.method !== 'POST') return methodNotAllowed(req.method, collectionMethods);
    const access = guard.access({ action: 'create', resource: 'notes' }, { resource: 'notes' });
    if (!access.allow) return forbidden(access.reason);
    const body = readNoteBody(req);
    if (!body.ok) return problemResponse(body.problem);
    const writer = guard.subject.userId;
    const room = store.room(writer, body.content);
    if (!room.ok) return quotaExceeded(room);
    const note = store.add(body.content, writer);
    return jsonResponse(201, note, { location: `/notes/${note.id}` });
  }

  const id = parsePathId(pathname.slice('/notes/'.length));
  if (id === undefined) return notFound(pathname);
  if (req.method === 'OPTIONS') return options(itemMethods);
  const action = itemActions[req.method];
  if (action === undefined) return methodNotAllowed(req.method, itemMethods);
  const access = guard.access({ action, resource: 'notes' }, { resource: 'notes', id });
  if (!access.allow) return forbidden(access.reason);

  switch (action) {
    case 'read': {
      const note = store.get(id);
      return note === undefined ? notFound(pathname) : jsonResponse(200, note, shareable);
    }
    case 'update': {
      const body = readNoteBody(req);
      if (!body.ok) return problemResponse(body.problem);
      const writer = guard.subject.userId;
      const room = store.room(writer, body.content, id);
      if (!room.ok) return quotaExceeded(room);
      // The spec asks for 200 whether or not the note existed before (RFC 9110 would also allow 201).
      return jsonResponse(200, store.put(id, body.content, writer).note);
    }
    default:
      return store.delete(id) ? response(204) : notFound(pathname);
  }
}

/** OPTIONS (RFC 9110 §9.3.7) says what the resource supports; it is safe and touches no note. */
function options(allowed: readonly string[]): HttpResponse {
  return response(204, { allow: allowed.join(', ') });
}
