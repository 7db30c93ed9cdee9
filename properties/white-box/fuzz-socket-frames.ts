import { Buffer } from 'node:buffer';
import { fc } from '@fast-check/vitest';

/**
 * Text frames a client may send on an open graph socket: the graphql-ws client messages
 * done right, the protocol misused (the order is the session's business: `fuzz-socket-sessions.ts`), every
 * message nearly right with one member changed, text that is not a message at all (not JSON, JSON of the
 * wrong shape, server-only types, lone surrogates, a BOM), frames around the 64 KiB bound, payloads nested
 * thousands deep, and `subscribe` payloads whose documents are bad in every way the graph endpoint refuses.
 */

/**
 * What a `subscribe` frame's operation does once the protocol has let it through; the frame's text decides
 * whether it is a `subscribe` at all. `listen`: a subscription to an existing post; `once`: a query or
 * mutation (one `next`, then `complete`), and the post whose subscribers an `addComment` notifies;
 * `refused`: refused before execution, so `error` and nothing else.
 */
export type Intent =
  | { readonly kind: 'listen'; readonly postId: number }
  | { readonly kind: 'once'; readonly publishes: number | undefined }
  | { readonly kind: 'refused' };

export interface Frame {
  readonly text: string;
  readonly intent: Intent;
}

interface Operation {
  readonly payload: Readonly<Record<string, unknown>>;
  readonly intent: Intent;
}

const refused: Intent = { kind: 'refused' };
/** The intent of a frame that is not a `subscribe`: never read, since only a `subscribe` starts an operation. */
const noOperation: Intent = refused;

/** Posts 1–9 exist; most traffic meets at post 9, so subscriptions and comments find each other. */
export const postId = fc.oneof({ weight: 4, arbitrary: fc.constant(9) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 9 }) });

const onComment = 'subscription OnComment($postId: ID!) { commentAdded(postId: $postId) { body author { name } } }';

const listen: fc.Arbitrary<Operation> = fc.tuple(postId, fc.nat(3), fc.boolean()).map(([p, form, named]): Operation => {
  const intent: Intent = { kind: 'listen', postId: p };
  switch (form) {
    case 0: return { payload: { query: onComment, variables: { postId: String(p) }, ...(named ? { operationName: 'OnComment' } : {}) }, intent };
    case 1: return { payload: { query: `subscription { commentAdded(postId: ${p}) { id body } }` }, intent };
    case 2: return { payload: { query: `subscription { c: commentAdded(postId: "${p}") { __typename ... on Comment { id } } }`, operationName: null }, intent };
    default: return {
      payload: { query: `subscription S { commentAdded(postId: ${p}) { ...F } } fragment F on Comment { body author { name posts(limit: 2) { title } } }`, variables: null, extensions: null },
      intent,
    };
  }
});

const commentBody = fc.constantFrom('hi', 'fuzz', '', ' ', 'x'.repeat(1001), '\ud800', '\u2028😀');

const once: fc.Arbitrary<Operation> = fc.oneof(
  fc.constantFrom<Operation>(
    { payload: { query: '{ user(id: 1) { name } }' }, intent: { kind: 'once', publishes: undefined } },
    { payload: { query: 'query Q { user(id: 2) { posts(limit: 2) { title comments { body } } } }', operationName: 'Q' }, intent: { kind: 'once', publishes: undefined } },
    { payload: { query: '{ __typename }' }, intent: { kind: 'once', publishes: undefined } },
    { payload: { query: 'mutation { createPost(title: "fuzz") { id } }' }, intent: { kind: 'once', publishes: undefined } },
  ),
  postId.map((p): Operation => ({ payload: { query: `mutation { addComment(postId: ${p}, body: "fuzz") { id body } }` }, intent: { kind: 'once', publishes: p } })),
  fc.tuple(postId, commentBody).map(([p, body]): Operation => ({
    payload: { query: 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id } }', variables: { postId: String(p), body } },
    intent: { kind: 'once', publishes: p },
  })),
);

const deepSelection = 'subscription { commentAdded(postId: 9) { author { posts { comments { author { posts { comments { author { name } } } } } } } } }';

const refusedDocument: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<Readonly<Record<string, unknown>>>(
    { query: deepSelection },
    { query: 'subscription { commentAdded(postId: 9) { author { posts(limit: 50) { comments(limit: 50) { body } } } } }' },
    { query: 'subscription { commentAdded(postId: 9) { body password } }' },
    { query: 'subscription {' },
    { query: '' },
    { query: 'subscription { a: commentAdded(postId: 9) { body } b: commentAdded(postId: 8) { body } }' },
    { query: 'subscription { commentAdded(postId: 999) { body } }' },
    { query: 'subscription { commentAdded(postId: "abc") { body } }' },
    { query: onComment },
    { query: onComment, variables: { postId: {} } },
    { query: onComment, variables: { postId: [9] } },
    { query: onComment, variables: { postId: '9' }, operationName: 'Nope' },
    { query: `{ ${Array.from({ length: 12 }, (_, i) => `a${i}: __typename`).join(' ')} }` },
    { query: `{ ${'__typename '.repeat(1200)}}` },
    { query: 'mutation { addComment(postId: 9, body: "x") { author { posts { comments { author { posts { comments { author { name } } } } } } } } }' },
    { query: '', extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } },
    { query: onComment, extensions: { persistedQuery: 'yes' } },
  ) },
  // Not GraphQL: without a brace, no operation can be written.
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).filter((s) => !s.includes('{')).map((query) => ({ query })) },
).map((payload) => ({ payload, intent: refused }));

const operation = fc.oneof({ weight: 4, arbitrary: listen }, { weight: 3, arbitrary: once }, { weight: 3, arbitrary: refusedDocument });

/** Ids from a small pool, so duplicates and `complete`s that name a running id happen; and odd ones. */
export const operationId = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('1', '1', '2', '3') },
  { weight: 1, arbitrary: fc.constantFrom('a b', '\ud800', '😀', 'x'.repeat(300), '__proto__', 'constructor', '0') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

const somePayload = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(undefined, null, {}, { n: 1 }, { authorization: 'Bearer x' }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], 'x', 0) },
);

/** A message as an object, before it is written: the base that `nearly` changes one member of. */
const message: fc.Arbitrary<{ readonly value: Readonly<Record<string, unknown>>; readonly intent: Intent }> = fc.oneof(
  { weight: 2, arbitrary: somePayload.map((payload) => ({ value: { type: 'connection_init', payload }, intent: noOperation })) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('ping', 'pong'), somePayload).map(([type, payload]) => ({ value: { type, payload }, intent: noOperation })) },
  { weight: 8, arbitrary: fc.tuple(operationId, operation).map(([id, op]) => ({ value: { id, type: 'subscribe', payload: op.payload }, intent: op.intent })) },
  { weight: 3, arbitrary: operationId.map((id) => ({ value: { id, type: 'complete' }, intent: noOperation })) },
);

const memberName = fc.constantFrom('type', 'id', 'payload', 'query', 'extra', '__proto__', 'Type');
const anyValue = fc.oneof(fc.constantFrom<unknown>(null, '', 'subscribe', 'connection_ack', 'next', 1, [], {}), fc.jsonValue({ maxDepth: 2 }));

/** One member replaced by any value, added, or taken away; inside `payload` too. */
const nearly = fc.record({ base: message, name: memberName, value: anyValue, drop: fc.boolean(), inPayload: fc.boolean() }).map(({ base, name, value, drop, inPayload }) => {
  const change = (o: Readonly<Record<string, unknown>>) => {
    const members = new Map(Object.entries(o));
    if (drop && members.has(name)) members.delete(name);
    else members.set(name, value);
    return Object.fromEntries(members);
  };
  const payload = base.value.payload;
  const changed = inPayload && typeof payload === 'object' && payload !== null && !Array.isArray(payload)
    ? { ...base.value, payload: change(payload as Record<string, unknown>) }
    : change(base.value);
  return { value: changed, intent: base.intent };
});

const notAMessage = fc.oneof(
  fc.constantFrom(
    '', '{', 'hello', 'null', '[]', '1', '"ping"', '{}', '{"type":1}', '{"type":"PING"}', '{"type":"connection_ack"}', '{"type":"next","id":"1","payload":{}}',
    '{"type":"error","id":"1","payload":[]}', '{"type":"subscribe","id":"1"}', '{"type":"subscribe","id":1,"payload":{"query":"{ __typename }"}}',
    '{"type":"subscribe","id":"","payload":{"query":"{ __typename }"}}', '{"type":"subscribe","id":"1","payload":{"query":1}}',
    '{"type":"subscribe","id":"1","payload":{"query":"{ __typename }","operationName":1}}', '{"type":"subscribe","id":"1","payload":{"query":"{ __typename }","variables":[]}}',
    '{"type":"complete"}', '{"type":"complete","id":"1","payload":{}}', '{"type":"ping","__proto__":{}}', '{"type":"ping","type":"connection_init"}',
    '\ufeff{"type":"ping"}', '{"type":"ping"}\u0000', '{"type":"ping"} {"type":"ping"}', '{"type":"\ud800"}', '{"type":"ping","payload":{"a":"\\ud800"}}', '\ud800',
  ),
  fc.string({ maxLength: 40 }),
  // Any code points, lone surrogates included; built by hand, since `fc.string({ unit: 'binary' })` maps every
  // code point when it is made, which costs seconds at import.
  fc.array(fc.nat(0x10ffff), { maxLength: 20 }).map((points) => String.fromCodePoint(...points)),
);

/** Texts around the 64 KiB bound, in bytes that are 1, 2 or 4 to a character. */
const huge = fc.record({ bytes: fc.integer({ min: 60_000, max: 140_000 }), unit: fc.constantFrom('x', 'é', '😀'), subscribe: fc.boolean() }).map(({ bytes, unit, subscribe }): Frame => {
  const pad = unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)));
  return subscribe
    ? { text: JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `{ __typename } # ${pad}` } }), intent: { kind: 'once', publishes: undefined } }
    : { text: JSON.stringify({ type: 'ping', payload: { pad } }), intent: noOperation };
});

/** A payload nested `depth` deep, written as text so that 12,000 levels cost nothing to make. */
const deep = fc.record({ depth: fc.oneof(fc.integer({ min: 55, max: 70 }), fc.integer({ min: 1, max: 12_000 })), type: fc.constantFrom('ping', 'pong', 'connection_init', 'subscribe'), open: fc.constantFrom('{"a":', '[') }).map(({ depth, type, open }): Frame => {
  const nested = `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`;
  const text = type === 'subscribe'
    ? `{"id":"d","type":"subscribe","payload":{"query":${JSON.stringify(onComment)},"variables":{"postId":${nested}}}}`
    : `{"type":"${type}","payload":{"n":${nested}}}`;
  return { text, intent: refused };
});

export const frame: fc.Arbitrary<Frame> = fc.oneof(
  // Mostly messages a client could mean, so that sockets live long enough for events to reach them.
  { weight: 20, arbitrary: message.map(({ value, intent }) => ({ text: JSON.stringify(value), intent })) },
  { weight: 2, arbitrary: nearly.map(({ value, intent }) => ({ text: JSON.stringify(value), intent })) },
  { weight: 1, arbitrary: notAMessage.map((text) => ({ text, intent: noOperation })) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: deep },
);

/** The frames every graphql-ws client sends first, and what subscribes to a post. */
export const connectionInit: Frame = { text: '{"type":"connection_init"}', intent: noOperation };

export function listenFrame(id: string, post: number): Frame {
  return { text: JSON.stringify({ id, type: 'subscribe', payload: { query: onComment, variables: { postId: String(post) } } }), intent: { kind: 'listen', postId: post } };
}
