import { describe, expect, it } from 'vitest';
import { maxClientMessageBytes, parseClientMessage } from './client-message.js';

const refused = (text: string) => {
  const read = parseClientMessage(text);
  if (read.ok) throw new Error(`expected ${text} to be refused`);
  return read;
};

describe('graphql-ws client messages', () => {
  it.each([
    ['{"type":"connection_init"}', { type: 'connection_init', payload: undefined }],
    ['{"type":"connection_init","payload":{"token":"x"}}', { type: 'connection_init', payload: { token: 'x' } }],
    ['{"type":"connection_init","payload":null}', { type: 'connection_init', payload: null }],
    ['{"type":"ping"}', { type: 'ping', payload: undefined }],
    ['{"type":"pong","payload":{"n":1}}', { type: 'pong', payload: { n: 1 } }],
    ['{"type":"complete","id":"a b"}', { type: 'complete', id: 'a b' }],
    [
      '{"type":"subscribe","id":"1","payload":{"query":"{ x }","variables":{"a":1},"operationName":null,"extensions":null}}',
      { type: 'subscribe', id: '1', payload: { query: '{ x }', variables: { a: 1 }, operationName: null, extensions: null } },
    ],
    ['{"id":"7","payload":{"query":"q"},"type":"subscribe"}', { type: 'subscribe', id: '7', payload: { query: 'q', variables: undefined, operationName: undefined, extensions: undefined } }],
  ])('reads %s', (text, message) => {
    expect(parseClientMessage(text)).toEqual({ ok: true, message });
  });

  it.each([
    ['not JSON', '{"type":', 'not JSON'],
    ['a JSON array', '[{"type":"ping"}]', 'not a JSON object'],
    ['JSON null', 'null', 'not a JSON object'],
    ['a JSON string', '"ping"', 'not a JSON object'],
    ['no type', '{"id":"1"}', '"type" must be a string'],
    ['a type that is not a string', '{"type":1}', '"type" must be a string'],
    ['an unknown type', '{"type":"start","id":"1"}', 'unknown type "start"'],
    ['a type named like an Object member', '{"type":"constructor"}', 'unknown type "constructor"'],
    ['connection_ack, a server message', '{"type":"connection_ack"}', '"connection_ack" is sent by the server'],
    ['next, a server message', '{"type":"next","id":"1","payload":{}}', '"next" is sent by the server'],
    ['error, a server message', '{"type":"error","id":"1","payload":[]}', '"error" is sent by the server'],
    ['an unknown member', '{"type":"ping","extra":1}', 'unknown member "extra" in ping'],
    ['a payload that is not an object', '{"type":"connection_init","payload":"token"}', '"payload" must be an object or null'],
    ['a payload that is an array', '{"type":"ping","payload":[1]}', '"payload" must be an object or null'],
    ['subscribe without an id', '{"type":"subscribe","payload":{"query":"q"}}', '"id" must be a non-empty string'],
    ['subscribe with an empty id', '{"type":"subscribe","id":"","payload":{"query":"q"}}', '"id" must be a non-empty string'],
    ['subscribe with a numeric id', '{"type":"subscribe","id":1,"payload":{"query":"q"}}', '"id" must be a non-empty string'],
    ['subscribe without a payload', '{"type":"subscribe","id":"1"}', 'subscribe "payload" must be an object'],
    ['subscribe without a query', '{"type":"subscribe","id":"1","payload":{}}', 'subscribe "payload.query" must be a string'],
    ['a query that is not a string', '{"type":"subscribe","id":"1","payload":{"query":{}}}', 'subscribe "payload.query" must be a string'],
    ['variables that are an array', '{"type":"subscribe","id":"1","payload":{"query":"q","variables":[]}}', '"payload.variables" must be an object or null'],
    ['variables as a JSON string', '{"type":"subscribe","id":"1","payload":{"query":"q","variables":"{}"}}', '"payload.variables" must be an object or null'],
    ['an operationName that is not a string', '{"type":"subscribe","id":"1","payload":{"query":"q","operationName":3}}', '"payload.operationName" must be a string or null'],
    ['extensions that are not an object', '{"type":"subscribe","id":"1","payload":{"query":"q","extensions":true}}', '"payload.extensions" must be an object or null'],
    ['an unknown payload member', '{"type":"subscribe","id":"1","payload":{"query":"q","operation":"x"}}', 'unknown member "operation" in subscribe payload'],
    ['complete without an id', '{"type":"complete"}', '"id" must be a non-empty string'],
    ['complete with a payload', '{"type":"complete","id":"1","payload":{}}', 'unknown member "payload" in complete'],
  ])('closes with 4400 on %s', (_what, text, reason) => {
    expect(refused(text)).toEqual({ ok: false, closeCode: 4400, reason: expect.stringContaining(reason) as unknown });
    expect(refused(text).reason).toMatch(/^Invalid message: /);
  });

  it('closes with 1009 on a frame over the size bound, counted in UTF-8 bytes, before parsing it', () => {
    const query = 'é'.repeat(maxClientMessageBytes / 2);
    const text = JSON.stringify({ type: 'subscribe', id: '1', payload: { query } });
    expect(text.length).toBeLessThan(maxClientMessageBytes + 100);
    expect(refused(text)).toMatchObject({ closeCode: 1009 });
    const justUnder = JSON.stringify({ type: 'ping', payload: { pad: 'x'.repeat(maxClientMessageBytes - 40) } });
    expect(parseClientMessage(justUnder).ok).toBe(true);
  });
});
