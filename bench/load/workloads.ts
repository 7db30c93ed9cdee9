import type { Request } from 'autocannon';
import { nestedSampleQuery } from '../../sim/scenario/builtin/graph.js';

/** Which of the server's doors a workload knocks on: the origin itself, or the shared cache in front of it. */
export type Door = 'origin' | 'cache';

export interface Workload {
  readonly name: string;
  readonly door: Door;
  /** What autocannon sends, given the caller's credential; the ceiling gets exactly the same requests. */
  readonly requests: (cookie: string) => Request[];
}

const json = 'application/json';

/**
 * A fresh `Idempotency-Key` on every request: with the same key twice the origin would replay the stored
 * response instead of creating a note, and the row would time the replay. `runId` keeps the keys of two runs
 * against one long-lived server (`--base-url`) apart.
 */
function freshKeys(runId: string): (request: Request) => Request {
  let sent = 0;
  return (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `"load-${runId}-${++sent}"` } });
}

interface NoteContext {
  noteId?: number;
}

/** The hello-world answers text, not a note: then there is nothing to delete, and the DELETE goes to `/notes/0`. */
function rememberNoteId(status: number, body: string, context: object): void {
  const { id } = (status === 201 ? JSON.parse(body) : {}) as { id?: unknown };
  (context as NoteContext).noteId = typeof id === 'number' ? id : 0;
}

function deleteRememberedNote(request: Request, context: object): Request {
  return { ...request, path: `/notes/${(context as NoteContext).noteId ?? 0}` };
}

/** The four workloads the load report measures, in the order it lists them. */
export function workloads(runId: string): readonly Workload[] {
  // One counter for the whole run: every round and both targets draw from it, so no key is ever sent twice.
  const setupRequest = freshKeys(runId);
  return [
    // A note, not an order: the same path is what the cache row serves, so the two rows compare.
    { name: 'get-origin', door: 'origin', requests: (cookie) => [{ method: 'GET', path: '/notes/1', headers: { cookie } }] },
    // Notes are cacheable per caller (`Vary: Cookie`): after the first miss every request is a hit.
    { name: 'get-through-cache', door: 'cache', requests: (cookie) => [{ method: 'GET', path: '/notes/1', headers: { cookie } }] },
    {
      name: 'graph-nested-sample',
      door: 'origin',
      requests: (cookie) => [
        { method: 'POST', path: '/graphql', headers: { cookie, 'content-type': json }, body: JSON.stringify({ query: nestedSampleQuery, variables: { id: '1', limit: 3 } }) },
      ],
    },
    // Each keyed POST is followed by the DELETE of the note it made, so the notes table (kept on disk and in
    // memory) stays the size it was and RSS over the rounds shows leaks, not data; the rate counts both.
    {
      name: 'post-notes-keyed',
      door: 'origin',
      requests: (cookie) => [
        { method: 'POST', path: '/notes', headers: { cookie, 'content-type': json }, body: JSON.stringify({ content: 'load test' }), setupRequest, onResponse: rememberNoteId },
        { method: 'DELETE', path: '/notes/0', headers: { cookie }, setupRequest: deleteRememberedNote },
      ],
    },
  ];
}
