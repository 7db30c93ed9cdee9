import { Hono } from 'hono';

/**
 * An app whose one list takes a required query parameter (`limit`, an integer from 1 to 50) and a required
 * header (`x-tenant`, `a` or `b`), with its OpenAPI description. The correct form refuses a bad one with a
 * 400; the flawed form parses `limit` as JSON, unchecked, and throws: a 500.
 */
function createApp(checked: boolean): Hono {
  const app = new Hono();
  app.get('/items', (c) => {
    const limit = c.req.query('limit');
    const tenant = c.req.header('x-tenant');
    if (!checked) return c.json(Array.from({ length: Number(JSON.parse(limit ?? '')) % 3 }, (_, i) => i));
    if (limit === undefined || !/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 50) return c.json({ error: 'limit must be an integer from 1 to 50' }, 400);
    if (tenant !== 'a' && tenant !== 'b') return c.json({ error: 'x-tenant must be a or b' }, 400);
    return c.json(Array.from({ length: Number(limit) % 3 }, (_, i) => i));
  });
  app.get('/openapi.json', (c) => c.json(description));
  return app;
}

export const description = {
  openapi: '3.1.0',
  info: { title: 'items', version: '1' },
  paths: {
    '/items': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 50 } },
          { name: 'x-tenant', in: 'header', required: true, schema: { type: 'string', enum: ['a', 'b'] } },
          { name: 'tag', in: 'query', required: false, schema: { type: 'array', items: { type: 'string', enum: ['red', 'blue'] } } },
        ],
        responses: {
          200: { description: 'the items', content: { 'application/json': { schema: { type: 'array', items: { type: 'integer' } } } } },
          400: { description: 'a bad parameter', content: { 'application/json': { schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } } } } },
        },
      },
    },
  },
};

export const correct = () => createApp(true);
export const flawed = () => createApp(false);
