import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TargetError } from '../define-target.js';
import { type DerivedMembers, deriveTarget } from './derivation.js';
import { readOpenApi } from './document.js';

/** The description read as a target reads one an app serves. */
const served = (document: unknown) => readOpenApi('/openapi.json', '/nowhere/apisim.config.ts', () => Promise.resolve(JSON.stringify(document)));
const derived = async (document: unknown): Promise<DerivedMembers> => deriveTarget(await served(document)).members;

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** Projects, each with tasks, behind a bearer token; a health check anyone may call. OpenAPI 3.0, with `$ref`s. */
const projects = {
  openapi: '3.0.3',
  info: { title: 'projects', version: '1' },
  security: [{ bearer: [] }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      NewProject: { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1 }, archived: { type: 'boolean' } } },
      Project: { allOf: [{ $ref: '#/components/schemas/NewProject' }, { type: 'object', properties: { id: { type: 'string', readOnly: true } } }] },
      NewTask: { type: 'object', required: ['text', 'points'], properties: { text: { type: 'string' }, points: { type: 'integer', minimum: 1, maximum: 8 }, due: { type: 'string', format: 'date' } } },
      Task: { type: 'object', properties: { id: { type: 'integer' }, text: { type: 'string' } } },
    },
  },
  paths: {
    '/health': { get: { security: [], responses: { 200: { description: 'up' } } } },
    '/projects': {
      get: { responses: { 200: { description: 'the caller\'s', ...json({ type: 'array', items: { $ref: '#/components/schemas/Project' } }) } } },
      post: { requestBody: json({ $ref: '#/components/schemas/NewProject' }), responses: { 201: { description: 'made', ...json({ $ref: '#/components/schemas/Project' }) } } },
    },
    '/projects/{projectId}': {
      parameters: [idParam('projectId')],
      get: { responses: { 200: { description: 'one', ...json({ $ref: '#/components/schemas/Project' }) } } },
      patch: { requestBody: json({ $ref: '#/components/schemas/NewProject' }), responses: { 200: { description: 'changed' } } },
      delete: { responses: { 204: { description: 'gone' } } },
    },
    '/projects/{projectId}/tasks': {
      parameters: [idParam('projectId')],
      get: { responses: { 200: { description: 'its tasks' } } },
      post: { requestBody: json({ $ref: '#/components/schemas/NewTask' }), responses: { 201: { description: 'made', ...json({ $ref: '#/components/schemas/Task' }) } } },
    },
    '/projects/{projectId}/tasks/{taskId}': {
      parameters: [idParam('projectId'), idParam('taskId')],
      get: { responses: { 200: { description: 'one' } } },
      put: { requestBody: json({ $ref: '#/components/schemas/NewTask' }), responses: { 200: { description: 'replaced' } } },
      delete: { responses: { 204: { description: 'gone' } } },
    },
  },
};

describe('deriveTarget', () => {
  it('makes every resource a user creates owned, a nested one within its parent, and every operation without a credential public', async () => {
    expect(await derived(projects)).toEqual({
      owned: [
        { name: 'projects', path: '/projects/{id}', methods: ['GET', 'PATCH', 'DELETE'], create: { method: 'POST', path: '/projects', headers: {}, body: { title: 'example' } } },
        {
          name: 'tasks',
          path: '/projects/{projectId}/tasks/{id}',
          methods: ['GET', 'PUT', 'DELETE'],
          create: { method: 'POST', path: '/projects/{projectId}/tasks', headers: {}, body: { text: 'example', points: 1 } },
          within: { owned: 'projects', param: 'projectId' },
        },
      ],
      writable: [{ name: 'projects', collection: '/projects', item: '/projects/{id}', body: { title: 'example' }, methods: ['GET', 'PATCH', 'DELETE'], by: 'user' }],
      public: ['GET /health'],
      idempotencyKey: undefined,
    });
  });

  it('says what each operation became', async () => {
    const rows = deriveTarget(await served(projects)).operations.map((o) => `${o.method} ${o.path}: ${o.role}`);
    expect(rows).toEqual([
      'GET /health: public',
      'GET /projects: list (owned and writable)',
      'POST /projects: create (owned and writable)',
      'GET /projects/{projectId}: item (owned and writable)',
      'PATCH /projects/{projectId}: item (owned and writable)',
      'DELETE /projects/{projectId}: item (owned and writable)',
      'GET /projects/{projectId}/tasks: list (owned, in projects)',
      'POST /projects/{projectId}/tasks: create (owned, in projects)',
      'GET /projects/{projectId}/tasks/{taskId}: item (owned, in projects)',
      'PUT /projects/{projectId}/tasks/{taskId}: item (owned, in projects)',
      'DELETE /projects/{projectId}/tasks/{taskId}: item (owned, in projects)',
    ]);
  });

  it('renames a parent\'s id that is called id, and keeps the names of a chain apart', async () => {
    const chain = {
      openapi: '3.1.0',
      info: { title: 'chain', version: '1' },
      security: [{ key: [] }],
      components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } } },
      paths: Object.fromEntries([
        ['/boards', { post: { responses: { 201: { description: 'made', headers: { Location: { schema: { type: 'string' } } } } } } }],
        ['/boards/{id}', { get: { parameters: [idParam('id')], responses: { 200: { description: 'one' } } } }],
        ['/boards/{id}/lists', { post: { parameters: [idParam('id')], responses: { 201: { description: 'made', ...json({ type: 'object', properties: { id: { type: ['string', 'null'] } } }) } } } }],
        ['/boards/{id}/lists/{id2}', { get: { parameters: [idParam('id'), idParam('id2')], responses: { 200: { description: 'one' } } } }],
        ['/boards/{boardId}/lists/{listId}/cards', { post: { parameters: [idParam('boardId'), idParam('listId')], responses: { 201: { description: 'made', ...json({ type: 'object', properties: { id: { type: 'string' } } }) } } } }],
        ['/boards/{boardId}/lists/{listId}/cards/{cardId}', { get: { parameters: [idParam('boardId'), idParam('listId'), idParam('cardId')], responses: { 200: { description: 'one' } } } }],
      ]),
    };
    const owned = (await derived(chain)).owned.map((o) => [o.name, o.create?.path, o.path, o.within?.param]);
    expect(owned).toEqual([
      ['boards', '/boards', '/boards/{id}', undefined],
      ['lists', '/boards/{boardsId}/lists', '/boards/{boardsId}/lists/{id}', 'boardsId'],
      ['cards', '/boards/{boardsId}/lists/{listId}/cards', '/boards/{boardsId}/lists/{listId}/cards/{id}', 'listId'],
    ]);
  });

  it('reads Swagger 2: a body parameter, securityDefinitions, and an Idempotency-Key header', async () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'notes', version: '1' },
      securityDefinitions: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
      paths: {
        '/notes': {
          get: { responses: { 200: { description: 'all' } } },
          post: {
            security: [{ token: [] }],
            parameters: [{ name: 'Idempotency-Key', in: 'header', type: 'string' }, { name: 'note', in: 'body', schema: { type: 'object', properties: { content: { type: 'string', maxLength: 4 } } } }],
            responses: { 201: { description: 'made', schema: { type: 'object', properties: { id: { type: 'string' } } } } },
          },
        },
        '/notes/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }], responses: { 200: { description: 'one' } } } },
      },
    };
    const members = await derived(swagger);
    expect(members.writable).toEqual([{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'exam' }, methods: ['GET'], by: 'user' }]);
    expect(members.owned.map((o) => o.name)).toEqual(['notes']);
    expect(members.public).toEqual(['GET /notes', 'GET /notes/{id}']);
    expect(members.idempotencyKey).toEqual({ header: 'Idempotency-Key', style: 'bare' });
    // The key is the target's claim for every POST it writes: one writable POST without it, and no claim.
    const tags = { '/tags': structuredClone(swagger.paths['/notes']), '/tags/{id}': swagger.paths['/notes/{id}'] };
    tags['/tags'].post.parameters.shift();
    const partly = await derived({ ...swagger, paths: { ...swagger.paths, ...tags } });
    expect([partly.writable.map((w) => w.name), partly.idempotencyKey]).toEqual([['notes', 'tags'], undefined]);
  });

  it('takes no resource where the create names no id, or where nothing says what fills a parameter', async () => {
    const unnamed = {
      openapi: '3.0.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/tags': { post: { responses: { 204: { description: 'made, says nothing' } } } },
        '/tags/{tag}': { get: { parameters: [idParam('tag')], responses: { 200: { description: 'one' } } } },
        '/orgs/{org}/teams': { post: { parameters: [idParam('org')], responses: { 201: { description: 'made', ...json({ type: 'object', properties: { id: { type: 'string' } } }) } } } },
        '/orgs/{org}/teams/{team}': { get: { parameters: [idParam('org'), idParam('team')], responses: { 200: { description: 'one' } } } },
      },
    };
    const members = await derived(unnamed);
    expect([members.owned, members.writable]).toEqual([[], []]);
    expect(members.public).toHaveLength(4);
  });

  it('takes an empty requirement among others for a credential that is optional: public', async () => {
    const optional = structuredClone(projects);
    (optional.paths['/projects'].get as Record<string, unknown>).security = [{ bearer: [] }, {}];
    expect((await derived(optional)).public).toEqual(['GET /health', 'GET /projects']);
  });

  it('prefers the description\'s own example to a made-up body', async () => {
    const withExample = structuredClone(projects);
    withExample.paths['/projects'].post.requestBody = { content: { 'application/json': { schema: { type: 'object' }, example: { title: 'launch' } } } } as never;
    expect((await derived(withExample)).owned[0]!.create?.body).toEqual({ title: 'launch' });
  });
});

describe('readOpenApi', () => {
  it('takes the POST an OpenAPI link names as what makes an item, ahead of the path above it', async () => {
    // POST /files makes an upload slot, read at /uploads/{uploadId}; a file is made by POST /documents and
    // read at /files/{fileId}; a note of a document by POST /documents/{documentId}/notes, read at
    // /notes/{noteId}. The paths alone would take POST /files for what makes a file, and find no notes.
    const made = (operationId: string, parameter: string, read = '$response.body#/id') => ({ 201: { description: 'made', ...json({ type: 'object', properties: { id: { type: 'string' } } }), links: { read: { operationId, parameters: { [parameter]: read } } } } });
    const linkedDocument = {
      openapi: '3.0.3',
      info: { title: 'documents', version: '1' },
      security: [{ bearer: [] }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      paths: {
        '/files': { post: { responses: made('getUpload', 'uploadId') } },
        '/files/{fileId}': { get: { operationId: 'getFile', parameters: [idParam('fileId')], responses: { 200: { description: 'one' } } } },
        '/uploads/{uploadId}': { get: { operationId: 'getUpload', parameters: [idParam('uploadId')], responses: { 200: { description: 'one' } } } },
        '/documents': { post: { requestBody: json({ type: 'object', required: ['title'], properties: { title: { type: 'string' } } }), responses: made('getFile', 'fileId') } },
        '/documents/{documentId}/notes': { post: { parameters: [idParam('documentId')], responses: { 201: { description: 'made', headers: { Location: { schema: { type: 'string' } } }, links: { read: { operationRef: '#/paths/~1notes~1{noteId}/get', parameters: { noteId: '$response.header.Location' } } } } } } },
        '/notes/{noteId}': { get: { parameters: [idParam('noteId')], responses: { 200: { description: 'one' } } } },
      },
    };
    const { owned } = await derived(linkedDocument);
    expect(owned.map((o) => [o.name, o.path, `${o.create?.method} ${o.create?.path}`, o.within?.owned ?? '-'])).toEqual([
      ['files', '/files/{id}', 'POST /documents', '-'],
      ['uploads', '/uploads/{id}', 'POST /files', '-'],
      ['notes', '/notes/{id}', 'POST /documents/{documentId}/notes', 'files'],
    ]);
  });

  it('refuses a description that is not OpenAPI, saying what is wrong', async () => {
    await expect(served({ openapi: '3.0.0', info: { title: 'x', version: '1' }, paths: { notes: {} } })).rejects.toThrow(/\/openapi.json \(served by the app\) is not a valid description:\n.*must begin with a leading slash/s);
  });

  it('refuses what the app serves when it is not JSON', async () => {
    await expect(readOpenApi('/openapi.json', '/x/apisim.config.ts', () => Promise.resolve('openapi: 3.0.0'))).rejects.toThrow(TargetError);
  });

  it('reads a YAML file relative to the config, with its references to another file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'apisim-openapi-'));
    writeFileSync(join(folder, 'schemas.yaml'), 'Note:\n  type: object\n  required: [content]\n  properties:\n    content: { type: string }\n    id: { type: string }\n');
    writeFileSync(join(folder, 'openapi.yaml'), [
      'openapi: 3.0.0',
      'info: { title: notes, version: "1" }',
      'paths:',
      '  /notes:',
      '    get: { responses: { "200": { description: all } } }',
      '    post:',
      '      requestBody: { content: { application/json: { schema: { $ref: "schemas.yaml#/Note" } } } }',
      '      responses: { "201": { description: made, content: { application/json: { schema: { $ref: "schemas.yaml#/Note" } } } } }',
      '  /notes/{id}:',
      '    get: { parameters: [{ name: id, in: path, required: true, schema: { type: string } }], responses: { "200": { description: one } } }',
    ].join('\n'));
    const document = await readOpenApi('./openapi.yaml', join(folder, 'apisim.config.ts'), () => Promise.reject(new Error('not served')));
    expect(deriveTarget(document).members.writable).toEqual([{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'example' }, methods: ['GET'], by: 'anyone' }]);
  });
});
