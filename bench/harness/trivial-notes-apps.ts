import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The smallest apps that answer the workload's `PUT /notes/<id>` as apisim's origin does (201 and the note
 * as JSON), written as their authors would: with the WHATWG objects, and with a Node listener. Each keeps
 * its notes, so a run can check that every PUT reached the app.
 */
export interface TrivialNotesApp<App> {
  readonly app: App;
  readonly notes: Map<string, string>;
}

interface NoteBody {
  readonly content: string;
}

function noteId(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function trivialFetchApp(): TrivialNotesApp<(request: Request) => Promise<Response>> {
  const notes = new Map<string, string>();
  const app = async (request: Request): Promise<Response> => {
    const id = noteId(request.url);
    const { content } = (await request.json()) as NoteBody;
    const status = notes.has(id) ? 200 : 201;
    notes.set(id, content);
    return new Response(JSON.stringify({ id, content }), { status, headers: { 'content-type': 'application/json' } });
  };
  return { app, notes };
}

export function trivialListenerApp(): TrivialNotesApp<(req: IncomingMessage, res: ServerResponse) => void> {
  const notes = new Map<string, string>();
  const app = (req: IncomingMessage, res: ServerResponse): void => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const id = noteId(req.url ?? '');
      const { content } = JSON.parse(text) as NoteBody;
      res.statusCode = notes.has(id) ? 200 : 201;
      notes.set(id, content);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id, content }));
    });
  };
  return { app, notes };
}
