import { fc } from '@fast-check/vitest';
import { sha256Hex } from '../../src/graph/persisted/sha256-hex.js';

/**
 * Bad and borderline GraphQL requests for the fuzz properties: documents that are deep, wide, full of
 * aliases or tokens, or not GraphQL at all; variables that are deep, huge or of the wrong type; and every way
 * of carrying them (POST body, GET parameters, Apollo's persisted GET by hash). The texts are built as
 * strings, never through `JSON.stringify` of a value, so a 10,000-deep value costs nothing to make.
 */

/** One request to `/graphql` without its credential. */
export interface GraphCall {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

const repeat = (n: number, make: (i: number) => string, separator = ' ') => Array.from({ length: n }, (_, i) => make(i)).join(separator);

const document = fc.oneof(
  fc.constantFrom(
    '{ user(id: 1) { name } }',
    'query ($l: Int) { user(id: 1) { posts(limit: $l) { id title } } }',
    'query ($id: ID!) { user(id: $id) { name posts { comments { body author { name } } } } }',
    'mutation { createPost(title: "fuzz") { id } }',
    'mutation ($t: String!) { createPost(title: $t) { id } }',
    'mutation { addComment(postId: 1, body: "hi") { id } }',
    'mutation { addComment(postId: 999999, body: "") { id } }',
    'subscription { commentAdded(postId: 1) { id } }',
    // graphql-js 16's validate threw on these (a variable in a condition at a subscription's root).
    'subscription ($b: Boolean!) { commentAdded(postId: 1) @skip(if: $b) { id } }',
    'subscription { ... @include(if: $b) { commentAdded(postId: 1) { id } } }',
    'query A { user(id: 1) { name } } query B { user(id: 2) { name } }',
    'fragment A on User { ...B } fragment B on User { ...A } { user(id: 1) { ...A } }',
    '{ user(id: "\ud800") { name } }',
    '{ user(id: 1) { posts(limit: 2147483648) { id } } }',
    '{ user(id: 1) { posts(limit: null) { id } } }',
    '{ __schema { types { name } } }',
    '{ nope }',
    '{', '}', '', '#', 'query', '{ user(id: 1) { name } } trailing',
  ),
  fc.integer({ min: 1, max: 400 }).map((n) => `{ user(id: 1) { ${'posts { author { '.repeat(n)}name${' } }'.repeat(n)} } }`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `{ user(id: 1) { ${'name '.repeat(n)}} }`),
  fc.integer({ min: 1, max: 300 }).map((n) => `{ ${repeat(n, (i) => `a${i}: user(id: ${(i % 5) + 1}) { name }`)} }`),
  fc.integer({ min: 1, max: 20_000 }).map((n) => `{ user(id: 1) { ${'__typename '.repeat(n)}} }`),
  fc.string({ maxLength: 40 }),
);

/** JSON text of `variables`, right or wrong. */
const variables = fc.oneof(
  fc.constantFrom('{}', '{"l": 5}', '{"l": -1}', '{"l": 51}', '{"l": 1e308}', '{"l": "5"}', '{"id": "1"}', '{"id": {}}', '{"t": "\\ud800"}', '{"t": null}', 'null', '[]', '"{}"', '1'),
  fc.integer({ min: 1, max: 12_000 }).map((n) => `{"id": ${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.integer({ min: 1, max: 12_000 }).map((n) => `{"l": ${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`),
  fc.integer({ min: 60_000, max: 140_000 }).map((n) => `{"t": "${'x'.repeat(n)}"}`),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ l: v })),
);

/** How the request names a persisted query: not at all, by the document's hash, or wrongly. */
type Persisted = 'none' | 'hash' | 'wrong-hash' | 'upper-case-hash' | 'version-2' | 'not-an-object';
const persisted = fc.constantFrom<Persisted>('none', 'none', 'hash', 'hash', 'wrong-hash', 'upper-case-hash', 'version-2', 'not-an-object');

function extensionsOf(doc: string, how: Persisted): string | undefined {
  const hash = sha256Hex(doc);
  switch (how) {
    case 'none': return undefined;
    case 'hash': return `{"persistedQuery":{"version":1,"sha256Hash":"${hash}"}}`;
    case 'wrong-hash': return `{"persistedQuery":{"version":1,"sha256Hash":"${'0'.repeat(64)}"}}`;
    case 'upper-case-hash': return `{"persistedQuery":{"version":1,"sha256Hash":"${hash.toUpperCase()}"}}`;
    case 'version-2': return `{"persistedQuery":{"version":2,"sha256Hash":"${hash}"}}`;
    case 'not-an-object': return '{"persistedQuery":"yes"}';
  }
}

const graphRequest = fc.record({
  transport: fc.constantFrom('post', 'post', 'post', 'get', 'get', 'persisted-get', 'other'),
  otherMethod: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'post', 'FUZZ'),
  document,
  variables: fc.option(variables, { nil: undefined }),
  operationName: fc.option(fc.oneof(fc.constantFrom('A', 'B', '', 'C'), fc.string({ maxLength: 8 })), { nil: undefined, freq: 3 }),
  persisted,
  contentType: fc.option(fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain', 'application/graphql'), { nil: undefined, freq: 8 }),
  extraMember: fc.option(fc.constantFrom('"query": 1', '"variables": "{}"', '"extra": true', '"query": null'), { nil: undefined, freq: 6 }),
  queryString: fc.option(fc.constantFrom('?query=x', '?', '?extensions=%7B'), { nil: undefined, freq: 8 }),
});

/** A lone surrogate has no percent-encoding, so it goes into the path as it is, as a broken client would send it. */
function encoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

export const graphCall: fc.Arbitrary<GraphCall> = graphRequest.map((g) => {
  const extensions = extensionsOf(g.document, g.persisted);
  const members: [string, string | undefined][] = [
    ['query', g.transport === 'persisted-get' ? undefined : JSON.stringify(g.document)],
    ['variables', g.variables],
    ['operationName', g.operationName === undefined ? undefined : JSON.stringify(g.operationName)],
    ['extensions', extensions],
  ];
  const present = members.filter((m): m is [string, string] => m[1] !== undefined);
  if (g.transport === 'get' || g.transport === 'persisted-get') {
    // A JSON parameter travels as its text; a string parameter (query, operationName) as the string itself.
    const raw = (name: string, text: string) => (name === 'query' || name === 'operationName' ? (JSON.parse(text) as string) : text);
    const params = present.map(([name, text]) => `${name}=${encoded(raw(name, text))}`).join('&');
    return { method: 'GET', path: `/graphql?${params}`, headers: {}, body: undefined };
  }
  const body = `{${[...present.map(([name, text]) => `"${name}": ${text}`), ...(g.extraMember === undefined ? [] : [g.extraMember])].join(', ')}}`;
  const headers: Record<string, string> = g.contentType === undefined ? {} : { 'content-type': g.contentType };
  return { method: g.transport === 'other' ? g.otherMethod : 'POST', path: `/graphql${g.queryString ?? ''}`, headers, body };
});
