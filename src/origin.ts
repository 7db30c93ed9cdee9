import { type HttpRequest, type HttpResponse, splitPath } from './http/message.js';
import { notFound } from './http/problem.js';
import { handleNotes } from './notes/routes.js';
import { NotesStore } from './notes/store.js';

/**
 * The origin server: routes each request to the resource that owns its path. It holds all server state,
 * and it knows nothing of the simulator: time and randomness arrive as arguments.
 */
export interface Origin {
  handle(req: HttpRequest): HttpResponse | Promise<HttpResponse>;
  /** What a scenario reports as the origin's final state. */
  state(): OriginState;
}

export interface OriginState {
  readonly notes: ReturnType<NotesStore['snapshot']>;
}

export interface OriginParts {
  readonly notes?: NotesStore;
}

export function createOrigin(parts: OriginParts = {}): Origin {
  const notes = parts.notes ?? new NotesStore();
  return {
    handle(req) {
      const { pathname } = splitPath(req.path);
      if (pathname === '/notes' || pathname.startsWith('/notes/')) return handleNotes(notes, req, pathname);
      return notFound(pathname);
    },
    state: () => ({ notes: notes.snapshot() }),
  };
}
