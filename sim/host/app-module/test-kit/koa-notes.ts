import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';

/** A Koa app as Koa's docs build one, with @koa/router and @koa/bodyparser, exported as it is (`export default app`). */
const notes: { id: number; content: string }[] = [];
const router = new Router();

router.post('/notes', (ctx) => {
  const note = { id: notes.length + 1, content: (ctx.request.body as { content: string }).content };
  notes.push(note);
  console.log(`created note ${note.id}`);
  ctx.status = 201;
  ctx.body = note;
});
router.get('/notes', (ctx) => {
  ctx.body = notes;
});
router.get('/notes/:id', (ctx) => {
  const note = notes.find((n) => n.id === Number(ctx.params.id));
  if (note === undefined) {
    ctx.status = 404;
    ctx.body = { error: 'no such note' };
  } else ctx.body = note;
});

const app = new Koa();
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());

export default app;
