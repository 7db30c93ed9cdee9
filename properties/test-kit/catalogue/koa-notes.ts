import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';

interface Note {
  readonly id: string;
  readonly content: string;
}

/** What outlives the process: the notes and the keys answered, as a database keeps them; `restart` opens it again. */
interface NotesStore {
  readonly notes: Map<string, Note>;
  readonly answered: Map<string, Note>;
  lastId: number;
}

type Listener = ReturnType<Koa['callback']>;

type Flaw = 'none' | 'write-behind' | 'key-taken';

const made = new WeakMap<Listener, { readonly store: NotesStore; readonly flaw: Flaw }>();

/**
 * Notes on Koa that honour `Idempotency-Key` on POST, keeping each key with the note it made. The flawed
 * form writes behind: a POST is answered from memory and its note and key reach the store in a batch 50 ms
 * later, as a write-behind buffer does to spare the database. A crash in those 50 ms loses a note the
 * client was told was made, and its key with it. The correct form writes both to the store before it answers.
 *
 * The `keyTaken` form writes through, but takes a key out of the store when it replays its answer, as a
 * `GETDEL` that "claims" it does: the first re-send is answered with the note, the second makes another.
 */
function notesApp(flaw: Flaw, store: NotesStore = { notes: new Map(), answered: new Map(), lastId: 0 }): Listener {
  const writeBehind = flaw === 'write-behind';
  const pending: { readonly key: string | undefined; readonly note: Note }[] = [];
  const flush = () => {
    for (const { key, note } of pending.splice(0)) {
      store.notes.set(note.id, note);
      if (key !== undefined) store.answered.set(key, note);
    }
  };
  const app = new Koa();
  const router = new Router();
  const notes = () => [...store.notes.values(), ...pending.map((p) => p.note)];

  router.get('/notes', (ctx) => {
    ctx.body = notes();
  });
  router.get('/notes/:id', (ctx) => {
    const note = notes().find((n) => n.id === ctx.params.id);
    if (note === undefined) return ctx.throw(404, 'no such note');
    ctx.body = note;
  });
  router.post('/notes', (ctx) => {
    const { content } = ctx.request.body as { content?: unknown };
    if (typeof content !== 'string') return ctx.throw(400, 'a note has a content');
    const key = ctx.get('idempotency-key') || undefined;
    const earlier = key === undefined ? undefined : (store.answered.get(key) ?? pending.find((p) => p.key === key)?.note);
    if (flaw === 'key-taken' && key !== undefined) store.answered.delete(key);
    const note = earlier ?? { id: String(++store.lastId), content };
    if (earlier === undefined) {
      pending.push({ key, note });
      if (!writeBehind) flush();
      else if (pending.length === 1) setTimeout(flush, 50);
    }
    ctx.status = 201;
    ctx.set('Location', `/notes/${note.id}`);
    ctx.body = note;
  });
  app.use(bodyParser());
  app.use(router.routes()).use(router.allowedMethods());
  const listener = app.callback();
  made.set(listener, { store, flaw });
  return listener;
}

export const flawed = () => notesApp('write-behind');
export const keyTaken = () => notesApp('key-taken');
export const correct = () => notesApp('none');

/** A new process after a crash, on the store the crashed one kept: what it held only in memory is gone. */
export function restart(app: Listener): Listener {
  const old = made.get(app);
  if (old === undefined) throw new Error('restart: this app was not made by notesApp');
  return notesApp(old.flaw, old.store);
}
