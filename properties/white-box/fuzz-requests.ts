import { Buffer } from 'node:buffer';
import { fc } from '@fast-check/vitest';
import { type Credential, credential } from './fuzz-credentials.js';
import { graphCall } from './fuzz-graph.js';

/**
 * Bad-input requests for the fuzz properties. Each is aimed at one endpoint family, so
 * that most requests come close to something the origin accepts (the right method, a real id, a body with
 * the right field names) and then get one thing wrong: that is where validation has its gaps. The rest is
 * garbage of every kind: methods, paths, query strings, headers, and bodies that are malformed, 10,000 deep,
 * over the 64 KiB limit, of the wrong type, or full of lone surrogates, BOMs and NULs.
 */

export interface Attempt {
  readonly credential: Credential;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

const anyMethod = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE') },
  { weight: 1, arbitrary: fc.constantFrom('OPTIONS', 'TRACE', 'CONNECT', 'get', 'Post', 'PROPFIND', '', ' GET', 'GET\r\n') },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

const id = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('1', '2', '3', '4', '5', '121', '123', '126', '999999') },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '01', '1.0', '1e3', 'abc', '%31', '', '9'.repeat(15), '9'.repeat(40), '１', '1 ', '\u0000', '\ud800') },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

const oddPath = fc.oneof(
  fc.constantFrom('', '/', '*', '//orders', '/orders/', '/ORDERS', '/notes/1/', '/../orders', '/users/1/posts/', '/posts', '/posts/1', 'orders', '/graphql/', '/sessions/current/x', '/%2e%2e/orders', '/orders%2F121'),
  fc.string({ maxLength: 30 }),
  fc.webPath(),
);

const fieldNames = ['content', 'delivery_address', 'name', 'email', 'bio', 'username', 'password', 'scope', 'id', 'user_id', '__proto__', 'constructor', ''];

const fieldValue = fc.oneof(
  fc.constantFrom('x', 'alice', 'alice-pw', 'bob-pw', 'a@b', 'buy milk', '1 New Street', 'read:orders', 'read:orders write:everything', ' ', '', '\ud800', '\udc00x', '\u0000', '\ufeff', '😀', '\uffff'),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 150, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** JSON text written member by member, so duplicate names and `__proto__` reach the parser as written. */
function objectText(members: readonly (readonly [string, unknown])[]): string {
  return `{${members.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value === undefined ? null : value)}`).join(',')}}`;
}

/** A body with this endpoint's field names and others, of any type: nearly what the endpoint accepts. */
const nearlyValid = (fields: readonly string[]) =>
  fc.array(fc.tuple(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.constantFrom(...fieldNames) }), fieldValue), { maxLength: 4 }).map(objectText);

/** A body the endpoint accepts with one thing changed: a member replaced by any value, added, or taken away. */
const mutatedValid = (valid: readonly string[], fields: readonly string[]) =>
  fc.record({ base: fc.constantFrom(...valid), name: fc.constantFrom(...fields, ...fieldNames), value: fieldValue, drop: fc.boolean() }).map(({ base, name, value, drop }) => {
    const members = new Map(Object.entries(JSON.parse(base) as Record<string, unknown>));
    if (drop && members.has(name)) members.delete(name);
    else members.set(name, value);
    return objectText([...members]);
  });

const closing = (open: string) => (open === '[' ? ']' : '}');

const badBody = fc.oneof(
  fc.constantFrom('{', '[', '{"content":}', "{'content':'x'}", '{"content":"x",}', 'NaN', 'undefined', '\ufeff{"content":"x"}', '{"content":"x"}\u0000',
    '{"content":"\\ud800"}', '{"content":"\\uZZZZ"}', '{"content":"x"}{"content":"y"}', '1e999999', '-', '"\\', 'null', 'true', '[]', '""', '0', '{"a":1,"a":2}'),
  fc.record({ depth: fc.integer({ min: 1, max: 12_000 }), open: fc.constantFrom('[', '{"a":', '{"content":', '{"name":'), balanced: fc.boolean() })
    .map(({ depth, open, balanced }) => `${open.repeat(depth)}1${balanced ? closing(open).repeat(depth) : ''}`),
  fc.record({ bytes: fc.integer({ min: 65_000, max: 200_000 }), field: fc.constantFrom(...fieldNames), unit: fc.constantFrom('x', 'é', '😀', '\u0000') })
    .map(({ bytes, field, unit }) => objectText([[field, unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)))]])),
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const queryString = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(
        fc.oneof(fc.constantFrom('limit', 'cursor', 'name', 'x', ''), fc.string({ maxLength: 6 })),
        fc.oneof(fc.constantFrom('1', '0', '100', '101', '-1', 'MQ', 'Mg', '%', '%ZZ', '%ED%A0%80', '%00', '\ud800', 'null'), fc.string({ maxLength: 20 }), fc.integer({ min: 100, max: 40_000 }).map((n) => 'x'.repeat(n))),
      ), { maxLength: 4 })
      .map((params) => `?${params.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `?${s}`) },
);

const contentType = fc.option(
  fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom('application/merge-patch+json', 'application/json; charset=utf-8', 'application/problem+json', 'APPLICATION/JSON') },
    { weight: 2, arbitrary: fc.constantFrom('application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json', '', ';') },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  ),
  { nil: undefined, freq: 6 },
);

const idempotencyKey = fc.option(
  fc.oneof(fc.constantFrom('k-1', 'k-2', '"k-1"', '"k', '', ' ', 'a b', '\u0000', 'é'), fc.string({ maxLength: 12 }), fc.integer({ min: 250, max: 5000 }).map((n) => 'k'.repeat(n))),
  { nil: undefined, freq: 4 },
);

/** Extra headers, never `authorization` or `cookie`: those are the credential's to set. */
const headerSets: readonly Record<string, string>[] = [{ accept: 'text/html' }, { 'if-none-match': '*' }, { 'x-http-method-override': 'DELETE' }, { upgrade: 'websocket', connection: 'Upgrade' }, { 'content-length': '-1' }];
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Record<string, string>>({}) },
  { weight: 2, arbitrary: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/).filter((n) => n !== 'authorization' && n !== 'cookie' && n !== 'content-type'), fc.string({ maxLength: 30 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 500 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-fuzz-${i}`, 'v'.repeat(i)]))) },
  { weight: 1, arbitrary: fc.constantFrom(...headerSets) },
);

/** One endpoint family: its paths, its methods and the field names of its bodies. */
interface Surface {
  readonly paths: fc.Arbitrary<string>;
  readonly methods: readonly string[];
  readonly fields: readonly string[];
  readonly valid: readonly string[];
}

const surfaces: readonly Surface[] = [
  { paths: fc.oneof(fc.constant('/orders'), id.map((i) => `/orders/${i}`)), methods: ['GET', 'PATCH', 'DELETE'], fields: ['delivery_address'], valid: ['{"delivery_address":"1 New Street"}'] },
  { paths: fc.oneof(fc.constant('/notes'), id.map((i) => `/notes/${i}`)), methods: ['GET', 'POST', 'PUT', 'DELETE'], fields: ['content'], valid: ['{"content":"buy milk"}'] },
  {
    paths: fc.oneof(fc.constant('/users'), id.map((i) => `/users/${i}`), id.map((i) => `/users/${i}/posts`)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    fields: ['name', 'email', 'bio'],
    valid: ['{"name":"Ann","email":"ann@example.com"}', '{"bio":null}', '{"name":"Ann","email":"ann@example.com","bio":"hi"}'],
  },
  { paths: id.map((i) => `/posts/${i}/comments`), methods: ['GET'], fields: [], valid: [] },
  {
    paths: fc.constantFrom('/sessions', '/tokens', '/sessions/current'),
    methods: ['POST', 'DELETE'],
    fields: ['username', 'password', 'scope'],
    valid: ['{"username":"alice","password":"alice-pw"}', '{"username":"sam","password":"sam-pw","scope":"read:orders"}', '{"username":"bob","password":"nope"}'],
  },
];

function restAttempt(s: Surface): fc.Arbitrary<Omit<Attempt, 'credential'>> {
  const bodies = [...s.valid, '{}'];
  return fc.record({
    method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...s.methods) }, { weight: 1, arbitrary: anyMethod }),
    path: fc.tuple(fc.oneof({ weight: 6, arbitrary: s.paths }, { weight: 1, arbitrary: oddPath }), queryString).map(([p, q]) => p + q),
    contentType,
    idempotencyKey,
    extra: extraHeaders,
    body: fc.option(
      fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...bodies) },
        { weight: 3, arbitrary: mutatedValid(bodies, s.fields) },
        { weight: 2, arbitrary: nearlyValid(s.fields.length > 0 ? s.fields : fieldNames) },
        { weight: 3, arbitrary: badBody },
      ),
      { nil: undefined, freq: 5 },
    ),
  }).map(({ method, path, contentType: type, idempotencyKey: key, extra, body }) => ({
    method,
    path,
    headers: { ...extra, ...(type === undefined ? {} : { 'content-type': type }), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body,
  }));
}

const request = fc.oneof(...surfaces.map((s) => ({ weight: 2, arbitrary: restAttempt(s) })), { weight: 3, arbitrary: graphCall });

export const attempt: fc.Arbitrary<Attempt> = fc.record({ credential, request }).map(({ credential: c, request: r }) => ({ credential: c, ...r }));

/**
 * A few requests against one origin, so later ones meet what earlier ones left (a new note, a registered
 * query). `minLength` stays 0: once fast-check has shrunk an item, it shrinks an array of minimum length 1
 * only from its front, so a passing request after the failing one could never be dropped.
 */
export const attempts = fc.array(attempt, { maxLength: 5 });
