import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTarget } from '../define-target.js';
import { loadTarget } from '../load-target.js';
import { derivationTable, targetCode } from './derivation-text.js';
import { derivedTarget } from './derived-target.js';

const folder = mkdtempSync(join(tmpdir(), 'apisim-describe-'));
const config = join(folder, 'apisim.config.ts');
writeFileSync(join(folder, 'openapi.json'), JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'it\'s notes', version: '1' },
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/ping': { get: { security: [], responses: { 200: { description: 'pong' } } } },
    '/notes': {
      get: { responses: { 200: { description: 'mine' } } },
      post: {
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['content'], properties: { content: { type: 'string', example: 'it\'s "quoted"' } } } } } },
        responses: { 201: { description: 'made', headers: { Location: { schema: { type: 'string' } } } } },
      },
    },
    '/notes/{noteId}': {
      parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { 200: { description: 'one' } } },
      delete: { responses: { 204: { description: 'gone' } } },
    },
    '/notes/{noteId}/comments': {
      parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
      post: { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } } } } } }, responses: { 201: { description: 'made', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } } },
    },
    '/notes/{noteId}/comments/{commentId}': {
      parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }, { name: 'commentId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { 200: { description: 'one' } } },
    },
  },
}));
const written = parseTarget({
  name: 'notes',
  app: { apisim: {} },
  users: { user: { headers: { authorization: 'Bearer a' } }, otherUser: { headers: () => ({ authorization: 'Bearer b' }) } },
  owned: [{ name: 'comments', path: '/notes/{noteId}/comments/{id}', create: { path: '/notes/{noteId}/comments', body: { text: 'by hand' } }, within: { owned: 'notes', param: 'noteId' } }],
  openapi: './openapi.json',
}, config);
const notServed = (): Promise<string> => Promise.reject(new Error('a file, not served'));

describe('apisim describe', () => {
  it('prints every operation with its credential, its resource and what it became', async () => {
    const { derivation } = await derivedTarget({ target: written, file: config }, notServed);
    expect(derivationTable(derivation).split('\n')).toEqual([
      'operation                                 credential  resource  becomes',
      'GET /ping                                 none        -         public',
      'GET /notes                                needed      notes     list (owned and writable)',
      'POST /notes                               needed      notes     create (owned and writable)',
      'GET /notes/{noteId}                       needed      notes     item (owned and writable)',
      'DELETE /notes/{noteId}                    needed      notes     item (owned and writable)',
      'POST /notes/{noteId}/comments             needed      comments  create (owned, in notes)',
      'GET /notes/{noteId}/comments/{commentId}  needed      comments  item (owned, in notes)',
      '',
      '7 operations, 2 resources',
    ]);
  });

  it('writes the target as defineTarget code that reads back as the same target, the written members over the derived', async () => {
    const { target } = await derivedTarget({ target: written, file: config }, notServed);
    expect(target.owned.find((o) => o.name === 'comments')?.create?.body).toEqual({ text: 'by hand' });
    const code = targetCode(target, 'apisim.config.ts');
    expect(code).toContain('/* a function, as apisim.config.ts writes it */');
    const file = join(folder, 'described.config.ts');
    writeFileSync(file, code.replace("from 'apisim'", `from '${fileURLToPath(new URL('../define-target.ts', import.meta.url))}'`));
    const { openapi, users, ...derived } = target;
    expect(openapi).toBe('./openapi.json');
    const read = (await loadTarget(file)).target;
    expect(read).toEqual({ ...derived, users: { user: users!.user, otherUser: { headers: expect.any(Function) as unknown } } });
  });
});
