import { Hono } from 'hono';

interface Message {
  readonly id: string;
  readonly text: string;
  seen: boolean;
}

/**
 * An inbox on Hono. The flawed `GET /messages` marks every message it lists as seen, as "opening the inbox
 * reads them all" does: a GET of the collection that changes what the service holds. The correct form marks
 * one seen with `PATCH /messages/:id`, the client's own request.
 */
function inboxApp(listingMarksSeen: boolean) {
  const messages = new Map<string, Message>();
  const app = new Hono();
  app.get('/messages', (c) => {
    const listed = [...messages.values()].map((m) => ({ ...m }));
    if (listingMarksSeen) for (const message of messages.values()) message.seen = true;
    return c.json(listed);
  });
  app.post('/messages', async (c) => {
    const { text } = await c.req.json<{ text?: unknown }>();
    if (typeof text !== 'string') return c.json({ error: 'a message has a text' }, 400);
    const message = { id: String(messages.size + 1), text, seen: false };
    messages.set(message.id, message);
    c.header('Location', `/messages/${message.id}`);
    return c.json(message, 201);
  });
  app.get('/messages/:id', (c) => {
    const message = messages.get(c.req.param('id'));
    return message === undefined ? c.json({ error: 'no such message' }, 404) : c.json(message);
  });
  app.patch('/messages/:id', async (c) => {
    const message = messages.get(c.req.param('id'));
    if (message === undefined) return c.json({ error: 'no such message' }, 404);
    const { seen } = await c.req.json<{ seen?: unknown }>();
    if (typeof seen === 'boolean') message.seen = seen;
    return c.json(message);
  });
  return app;
}

export const flawed = () => inboxApp(true);
export const correct = () => inboxApp(false);
