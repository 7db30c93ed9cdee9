import { type HttpRequest, type HttpResponse, jsonResponse, response } from '../http/message.js';
import { methodNotAllowed, notFound, problemResponse } from '../http/problem.js';
import { readNoteBody } from './body.js';
import type { NotesStore } from './store.js';

const itemMethods = ['GET', 'PUT', 'DELETE'] as const;
const collectionMethods = ['POST'] as const;

/**
 * `/notes` and `/notes/<id>` exactly as the spec's state table says: PUT creates or replaces (200),
 * POST adds one more note (201 + Location), DELETE removes (204; 404 once it is gone), GET is safe.
 */
export function handleNotes(store: NotesStore, req: HttpRequest, pathname: string): HttpResponse {
  if (pathname === '/notes') {
    if (req.method !== 'POST') return methodNotAllowed(req.method, collectionMethods);
    const body = readNoteBody(req);
    if (!body.ok) return problemResponse(body.problem);
    const note = store.add(body.content);
    return jsonResponse(201, note, { location: `/notes/${note.id}` });
  }

  const id = parseId(pathname.slice('/notes/'.length));
  if (id === undefined) return notFound(pathname);

  switch (req.method) {
    case 'GET': {
      const note = store.get(id);
      return note === undefined ? notFound(pathname) : jsonResponse(200, note);
    }
    case 'PUT': {
      const body = readNoteBody(req);
      if (!body.ok) return problemResponse(body.problem);
      // The spec asks for 200 whether or not the note existed before (RFC 9110 would also allow 201).
      return jsonResponse(200, store.put(id, body.content).note);
    }
    case 'DELETE':
      return store.delete(id) ? response(204) : notFound(pathname);
    default:
      return methodNotAllowed(req.method, itemMethods);
  }
}

/** Ids are positive decimal integers without sign or leading zeros, so one note has one URL. */
function parseId(segment: string): number | undefined {
  if (!/^[1-9][0-9]{0,14}$/.test(segment)) return undefined;
  return Number(segment);
}
