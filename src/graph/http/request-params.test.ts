import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { maxJsonBodyBytes } from '../../http/json-body.js';
import { type HttpRequest, type HttpResponse, request } from '../../http/message.js';
import { graphErrorResponse, type GraphRequestParams, maxGraphUrlBytes, readGraphRequest } from './request-params.js';

const json = { 'content-type': 'application/json' };
const hash = 'a'.repeat(64);
const persisted = { persistedQuery: { version: 1, sha256Hash: hash } };

const post = (body: string | undefined, headers: Record<string, string> = json, path = '/graphql') =>
  request('POST', path, headers, body);
const postJson = (value: unknown) => post(JSON.stringify(value));
const get = (query: string, body?: string) => request('GET', `/graphql?${query}`, {}, body);

/** The GET an Apollo-style client sends for these parameters: JSON members JSON-encoded, all URL-encoded. */
function getOf(members: Record<string, unknown>): HttpRequest {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(members)) {
    if (value !== undefined) search.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return request('GET', `/graphql?${search.toString()}`);
}

function params(req: HttpRequest): GraphRequestParams {
  const read = readGraphRequest(req);
  if (!read.ok) throw new Error(`refused: ${read.response.status} ${read.response.body ?? ''}`);
  return read.params;
}

function refusal(req: HttpRequest): { response: HttpResponse; code: unknown; message: string; body: Record<string, unknown> } {
  const read = readGraphRequest(req);
  if (read.ok) throw new Error(`accepted: ${JSON.stringify(read.params)}`);
  const body = JSON.parse(read.response.body!) as { errors: { message: string; extensions: { code: unknown } }[] };
  expect(body.errors).toHaveLength(1);
  return { response: read.response, code: body.errors[0]!.extensions.code, message: body.errors[0]!.message, body };
}

describe('reading a GraphQL request', () => {
  it('refuses a GET URL over 16 KiB with 414 before parsing its JSON, and reads one just under', () => {
    const variables = (n: number) => `variables=${encodeURIComponent(JSON.stringify({ v: 'x'.repeat(n) }))}`;
    const over = readGraphRequest(get(`query=${encodeURIComponent('{ __typename }')}&${variables(maxGraphUrlBytes)}`));
    expect(over.ok ? 200 : over.response.status).toBe(414);
    expect(over.ok ? '' : over.response.body).toContain('"code":"URI_TOO_LONG"');
    const under = get(`query=${encodeURIComponent('{ __typename }')}&${variables(maxGraphUrlBytes - 200)}`);
    expect(Buffer.byteLength(under.path)).toBeLessThanOrEqual(maxGraphUrlBytes);
    expect(readGraphRequest(under).ok).toBe(true);
  });

  it('reads every parameter from a POST body', () => {
    expect(params(postJson({ query: 'query Q($id: ID!) { user(id: $id) { name } }', operationName: 'Q', variables: { id: '1' }, extensions: persisted })))
      .toEqual({ query: 'query Q($id: ID!) { user(id: $id) { name } }', operationName: 'Q', variables: { id: '1' }, persistedHash: hash });
  });

  it('reads every parameter from a GET query string, JSON ones decoded', () => {
    // The example URL of GraphQL-over-HTTP §GET, verbatim.
    const req = request('GET', '/graphql?query=query(%24id%3A%20ID!)%7Buser(id%3A%24id)%7Bname%7D%7D&variables=%7B%22id%22%3A%22QVBJcy5ndXJ1%22%7D');
    expect(params(req)).toEqual({ query: 'query($id: ID!){user(id:$id){name}}', operationName: undefined, variables: { id: 'QVBJcy5ndXJ1' }, persistedHash: undefined });
    expect(params(get('query=%7Bx%7D+%23+a+b'))).toMatchObject({ query: '{x} # a b' }); // form encoding: '+' is a space
  });

  it('reads a hash alone as a persisted-query request', () => {
    expect(params(postJson({ extensions: persisted }))).toEqual({ query: undefined, operationName: undefined, variables: undefined, persistedHash: hash });
    expect(params(getOf({ extensions: persisted }))).toEqual(params(postJson({ extensions: persisted })));
  });

  it('treats null as omitted, and ignores other members of extensions', () => {
    expect(params(postJson({ query: '{x}', operationName: null, variables: null, extensions: null })))
      .toEqual({ query: '{x}', operationName: undefined, variables: undefined, persistedHash: undefined });
    expect(params(postJson({ query: '{x}', extensions: { persistedQuery: null, tracing: true } })).persistedHash).toBeUndefined();
    expect(params(get('query=%7Bx%7D&variables=null&extensions=null'))).toEqual(params(postJson({ query: '{x}' })));
  });

  it('treats an empty operationName, query or JSON parameter as omitted, in both encodings', () => {
    expect(params(postJson({ query: '{x}', operationName: '' })).operationName).toBeUndefined();
    expect(params(get('query=%7Bx%7D&operationName=&variables=&extensions=')))
      .toEqual({ query: '{x}', operationName: undefined, variables: undefined, persistedHash: undefined });
    expect(params(postJson({ query: '', extensions: persisted })).query).toBeUndefined();
    expect(params(get(`query=&extensions=${encodeURIComponent(JSON.stringify(persisted))}`)).query).toBeUndefined();
  });

  it('reads operationName=null over GET as the name "null" (GraphQL-over-HTTP §GET note)', () => {
    expect(params(get('query=query%20null%7Bx%7D&operationName=null')).operationName).toBe('null');
  });

  it('accepts application/json with a UTF-8 charset, in any case', () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"', 'application/json; charset=utf8']) {
      expect(params(post('{"query":"{x}"}', { 'content-type': type })).query, type).toBe('{x}');
    }
  });
});

describe('GET and POST', () => {
  const samples: Record<string, unknown>[] = [
    { query: '{ me { id } }' },
    { query: 'query Q($n: Int) { posts(limit: $n) { id } } query R { me { id } }', operationName: 'R', variables: { n: 3 } },
    { extensions: persisted, operationName: 'Q', variables: { tags: ['a', 'b'], nested: { x: null } } },
    { query: '{ x(s: "ü & = + ? #") }', extensions: { ...persisted, other: 1 } },
  ];

  it('read the same request as the same parameters', () => {
    for (const members of samples) expect(params(getOf(members)), JSON.stringify(members)).toEqual(params(postJson(members)));
  });

  const graphName = fc.stringMatching(/^[_A-Za-z][_0-9A-Za-z]{0,8}$/);
  const members = fc.record({
    query: fc.option(fc.string({ unit: 'binary', maxLength: 40 }), { nil: undefined }),
    operationName: fc.option(graphName, { nil: undefined }),
    variables: fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), { nil: undefined }),
    extensions: fc.option(fc.constant(persisted), { nil: undefined }),
  }).filter((m) => (m.query !== undefined && m.query !== '') || m.extensions !== undefined);

  test.prop([members])('agree on any request', (m) => {
    const viaPost = params(postJson(m));
    expect(params(getOf(m))).toEqual(viaPost);
    // Decoding is exact: what the client meant is what the server reads.
    expect(viaPost.query).toBe(m.query === '' ? undefined : m.query);
    expect(JSON.stringify(viaPost.variables)).toBe(JSON.stringify(m.variables));
  });
});

describe('a request that is not well-formed', () => {
  const bad = (status: number, code: string, message: string | RegExp) => ({ status, code, message });
  const cases: [string, HttpRequest, { status: number; code: string; message: string | RegExp }][] = [
    ['a method other than GET and POST', request('PUT', '/graphql', json, '{"query":"{x}"}'),
      bad(405, 'METHOD_NOT_ALLOWED', 'GraphQL requests use GET or POST, not PUT.')],
    ['neither query nor hash (POST)', postJson({ variables: {} }),
      bad(400, 'BAD_REQUEST', 'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.')],
    ['neither query nor hash (GET)', request('GET', '/graphql'),
      bad(400, 'BAD_REQUEST', 'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.')],
    ['an empty query and no hash', postJson({ query: '' }),
      bad(400, 'BAD_REQUEST', 'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.')],
    // POST framing
    ['a POST without Content-Type', post('{"query":"{x}"}', {}),
      bad(415, 'UNSUPPORTED_MEDIA_TYPE', 'A POST request needs `Content-Type: application/json`; none was sent.')],
    ['a POST labelled application/graphql', post('{x}', { 'content-type': 'application/graphql' }),
      bad(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body is labelled application/graphql; send application/json.')],
    ['a POST labelled as another +json type', post('{"query":"{x}"}', { 'content-type': 'application/graphql-response+json' }),
      bad(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body is labelled application/graphql-response+json; send application/json.')],
    ['a POST in another charset', post('{"query":"{x}"}', { 'content-type': 'application/json; charset=latin1' }),
      bad(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body is labelled charset=latin1; GraphQL requests are UTF-8.')],
    ['a POST with no body', post(undefined), bad(400, 'BAD_REQUEST', 'This request needs a JSON body.')],
    ['a POST with malformed JSON', post('{"query":'), bad(400, 'BAD_REQUEST', /^The body is not valid JSON: /)],
    ['a POST with NONSENSE', post('NONSENSE'), bad(400, 'BAD_REQUEST', /^The body is not valid JSON: /)],
    ['a POST with a query string', post('{"query":"{x}"}', json, '/graphql?query=%7Bx%7D'),
      bad(400, 'BAD_REQUEST', 'A POST request carries its GraphQL parameters in the JSON body; the URL must have no query string.')],
    // POST members
    ['a JSON array (batch)', postJson([{ query: '{x}' }]),
      bad(400, 'BAD_REQUEST', 'The body must be a JSON object with `query`, `operationName`, `variables`, `extensions`; got an array (batched requests are not supported).')],
    ['a JSON string', postJson('{x}'),
      bad(400, 'BAD_REQUEST', 'The body must be a JSON object with `query`, `operationName`, `variables`, `extensions`; got a string.')],
    ['JSON null', post('null'),
      bad(400, 'BAD_REQUEST', 'The body must be a JSON object with `query`, `operationName`, `variables`, `extensions`; got null.')],
    ['a misspelt member (GraphQL-over-HTTP example)', postJson({ qeury: '{__typename}' }),
      bad(400, 'BAD_REQUEST', 'Unknown body member `qeury`: a GraphQL request has only the members `query`, `operationName`, `variables`, `extensions`.')],
    ['several unknown members', postJson({ query: '{x}', id: 1, __proto__x: 2 }),
      bad(400, 'BAD_REQUEST', 'Unknown body members `id`, `__proto__x`: a GraphQL request has only the members `query`, `operationName`, `variables`, `extensions`.')],
    ['a query that is not a string', postJson({ query: { kind: 'Document' } }),
      bad(400, 'BAD_REQUEST', 'The body member `query` must be a string or null; got an object.')],
    ['a numeric query', postJson({ query: 7 }), bad(400, 'BAD_REQUEST', 'The body member `query` must be a string or null; got a number.')],
    ['variables as an array (GraphQL-over-HTTP example)', postJson({ query: 'query Q ($i:Int!) { q(i: $i) }', variables: [7] }),
      bad(400, 'BAD_REQUEST', 'The body member `variables` must be an object or null; got an array.')],
    ['variables as a JSON-encoded string', postJson({ query: '{x}', variables: '{"a":1}' }),
      bad(400, 'BAD_REQUEST', 'The body member `variables` must be an object or null, not a JSON-encoded string.')],
    ['an operationName that is not a string', postJson({ query: '{x}', operationName: 1 }),
      bad(400, 'BAD_REQUEST', 'The body member `operationName` must be a string or null; got a number.')],
    ['extensions that are not an object', postJson({ query: '{x}', extensions: true }),
      bad(400, 'BAD_REQUEST', 'The body member `extensions` must be an object or null; got a boolean.')],
    ['extensions as a JSON-encoded string', postJson({ query: '{x}', extensions: JSON.stringify(persisted) }),
      bad(400, 'BAD_REQUEST', 'The body member `extensions` must be an object or null, not a JSON-encoded string.')],
    // The APQ extension, either encoding
    ['a persistedQuery that is not an object', postJson({ extensions: { persistedQuery: hash } }),
      bad(400, 'BAD_REQUEST', '`extensions.persistedQuery` must be an object or null; got a string.')],
    ['a persisted query version other than 1', postJson({ extensions: { persistedQuery: { version: 2, sha256Hash: hash } } }),
      bad(400, 'BAD_REQUEST', 'Unsupported persisted query version')],
    ['a persisted query without version', postJson({ extensions: { persistedQuery: { sha256Hash: hash } } }),
      bad(400, 'BAD_REQUEST', 'Unsupported persisted query version')],
    ...[hash.toUpperCase(), 'a'.repeat(63), 'g'.repeat(64), 42].map((h): [string, HttpRequest, ReturnType<typeof bad>] => [
      `a sha256Hash ${JSON.stringify(h)}`, getOf({ extensions: { persistedQuery: { version: 1, sha256Hash: h } } }),
      bad(400, 'BAD_REQUEST', '`extensions.persistedQuery.sha256Hash` must be the SHA-256 of the query as 64 lower-case hex digits.')]),
    // GET
    ['a GET with a body', get('query=%7Bx%7D', '{"query":"{y}"}'),
      bad(400, 'BAD_REQUEST', 'A GET request carries its GraphQL parameters in the URL query string; send no body.')],
    ['an unknown GET parameter', get('query=%7Bx%7D&_=123'),
      bad(400, 'BAD_REQUEST', 'Unknown query parameter `_`: a GraphQL request has only the parameters `query`, `operationName`, `variables`, `extensions`.')],
    ['a repeated GET parameter', get('query=%7Bx%7D&query=%7By%7D'),
      bad(400, 'BAD_REQUEST', 'The query parameter `query` appears more than once; send it once.')],
    ['malformed JSON in variables', get('query=%7Bx%7D&variables=%7Ba%7D'), bad(400, 'BAD_REQUEST', /^The query parameter `variables` is not valid JSON: /)],
    ['malformed JSON in extensions', get('extensions=%7B'), bad(400, 'BAD_REQUEST', /^The query parameter `extensions` is not valid JSON: /)],
    ['variables that are JSON but not an object', get('query=%7Bx%7D&variables=%5B1%5D'),
      bad(400, 'BAD_REQUEST', 'The query parameter `variables` must be an object or null; got an array.')],
    ['variables encoded twice', get(`query=%7Bx%7D&variables=${encodeURIComponent(JSON.stringify(JSON.stringify({ a: 1 })))}`),
      bad(400, 'BAD_REQUEST', 'The query parameter `variables` must be an object or null, not a JSON-encoded string.')],
    ['extensions that are JSON but not an object', get('query=%7Bx%7D&extensions=3'),
      bad(400, 'BAD_REQUEST', 'The query parameter `extensions` must be an object or null; got a number.')],
  ];

  it.each(cases)('refuses %s', (_name, req, expected) => {
    const { response, code, message, body } = refusal(req);
    expect(response.status).toBe(expected.status);
    expect(code).toBe(expected.code);
    if (typeof expected.message === 'string') expect(message).toBe(expected.message);
    else expect(message).toMatch(expected.message);
    expect(response.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(body).not.toHaveProperty('data'); // nothing was executed
  });

  it('names the allowed methods on 405', () => {
    expect(refusal(request('DELETE', '/graphql')).response.headers.allow).toBe('GET, POST');
    expect(refusal(request('get', '/graphql?query=%7Bx%7D')).response.status).toBe(405); // methods are case-sensitive
  });

  it('refuses a body over the size limit with 413, saying the limit', () => {
    const big = JSON.stringify({ query: `{ x }${' '.repeat(maxJsonBodyBytes)}` });
    const { response, code, body } = refusal(post(big));
    expect(response.status).toBe(413);
    expect(code).toBe('BODY_TOO_LARGE');
    expect(body).toMatchObject({ errors: [{ extensions: { maxBytes: maxJsonBodyBytes } }] });
  });
});

describe('graphErrorResponse', () => {
  it('writes an errors-only GraphQL response, with headers that may override the media type', () => {
    const r = graphErrorResponse(405, [{ message: 'no', extensions: { code: 'X' } }], { allow: 'POST' });
    expect(r).toMatchObject({ status: 405, headers: { 'content-type': 'application/graphql-response+json; charset=utf-8', allow: 'POST' } });
    expect(JSON.parse(r.body!)).toEqual({ errors: [{ message: 'no', extensions: { code: 'X' } }] });
    expect(r.bodyBytes).toBe(r.body!.length);
    expect(graphErrorResponse(400, [], { 'content-type': 'application/graphql-response+json' }).headers['content-type'])
      .toBe('application/graphql-response+json');
  });
});
