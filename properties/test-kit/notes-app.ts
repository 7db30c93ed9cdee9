/**
 * A notes service written by hand as a WHATWG fetch app, for the principles' own tests: the correct one, and
 * one flaw each that apisim's own origin has no mode for (its notes are correct in every mode), so that a
 * principle about method semantics shows it has teeth against a guest app.
 *
 * `GET /notes` lists, `POST /notes` adds (201 + Location), `GET`, `PUT` (create or replace) and `DELETE` of
 * `/notes/<id>`. Bodies are `{"content": "..."}`. No credentials: anyone may write.
 */
type Flaw = 'none' | 'read-once' | 'put-mints' | 'delete-by-position';

interface Note {
  readonly id: number;
  content: string;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } });

export function notesApp(flaw: Flaw = 'none'): { fetch(request: Request): Promise<Response>; notes: Note[] } {
  const notes: Note[] = [];
  let lastId = 0;
  const add = (content: string): Note => {
    const note = { id: ++lastId, content };
    notes.push(note);
    return note;
  };

  async function fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const readContent = async (): Promise<string | undefined> => {
      const body = (await request.json().catch(() => undefined)) as { content?: unknown } | undefined;
      return typeof body?.content === 'string' ? body.content : undefined;
    };
    if (pathname === '/notes') {
      if (request.method === 'GET') return json(200, notes);
      if (request.method !== 'POST') return json(405, { error: 'method not allowed' });
      const content = await readContent();
      if (content === undefined) return json(400, { error: 'content must be a string' });
      const note = add(content);
      return json(201, note, { location: `/notes/${note.id}` });
    }
    const match = /^\/notes\/(\d+)$/.exec(pathname);
    if (match === null) return json(404, { error: 'not found' });
    const id = Number(match[1]);
    const at = notes.findIndex((n) => n.id === id);
    switch (request.method) {
      case 'GET':
      case 'HEAD': {
        if (at < 0) return json(404, { error: 'not found' });
        const note = notes[at]!;
        // The flaw: "burn after reading", a side effect on a safe method.
        if (flaw === 'read-once') notes.splice(at, 1);
        return json(200, note);
      }
      case 'PUT': {
        const content = await readContent();
        if (content === undefined) return json(400, { error: 'content must be a string' });
        if (at >= 0) {
          notes[at]!.content = content;
          return json(200, notes[at]);
        }
        // The flaw: an upsert that inserts under the next id instead of the one in the path, so each repeat adds one.
        if (flaw === 'put-mints') return json(200, add(content));
        const note = { id, content };
        notes.push(note);
        lastId = Math.max(lastId, id);
        return json(200, note);
      }
      case 'DELETE': {
        // The flaw: the id taken as a position in the list, so a repeat removes the note that moved up into it.
        const index = flaw === 'delete-by-position' ? id - 1 : at;
        if (index < 0 || index >= notes.length) return json(404, { error: 'not found' });
        notes.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      default:
        return json(405, { error: 'method not allowed' });
    }
  }

  return { fetch, notes };
}

export default () => notesApp();
export const readOnce = () => notesApp('read-once');
export const putMints = () => notesApp('put-mints');
export const deleteByPosition = () => notesApp('delete-by-position');

/** What the app holds, as a run reports it. */
export const state = (app: ReturnType<typeof notesApp>): unknown => app.notes;

/** The target description of one form of the app. */
export const notesTarget = (exportName: 'default' | 'readOnce' | 'putMints' | 'deleteByPosition') => ({
  name: `notes-${exportName.toLowerCase()}`,
  app: { module: './notes-app.ts', export: exportName, kind: 'factory' as const },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'a note' }, methods: ['GET' as const, 'PUT' as const, 'DELETE' as const] }],
});
