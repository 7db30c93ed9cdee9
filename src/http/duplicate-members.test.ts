import { describe, expect, it } from 'vitest';
import { parseClientMessage } from '../graph/subscriptions/client-message.js';
import { bodyOf, TestOrigin } from '../testing-kit.js';
import { duplicateMembers } from './duplicate-members.js';
import { request } from './message.js';

describe('duplicate members in JSON (RFC 8259 leaves their meaning to the parser, so two readers can disagree)', () => {
  it.each([
    ['{"a":1,"b":2}', []],
    ['{"a":1,"a":2}', ['/a']],
    ['{"a":"\\"a\\":","b":{"a":1}}', []], // a name inside a string, and the same name one object down
    ['{"a":1,"\\u0061":2}', ['/a']], // the same name once unescaped
    ['{"x":[{"k":1},{"k":2,"k":3}]}', ['/x/1/k']],
    ['{"a/b~":{"c":"\\\\","c":0},"d":1,"d":2}', ['/a~1b~0/c', '/d']],
    ['[1,"a","a",{}]', []],
    ['"{\\"a\\":1,\\"a\\":2}"', []],
    ['{"__proto__":1,"__proto__":2,"k":":"}', ['/__proto__']],
    ['{"a" : [{"b":1} , {"b":2,"c":{"d":[{"e":1,"e":1}]}}]}', ['/a/1/c/d/0/e']],
  ])('%s → %j, with its parse given or not', (text, pointers) => {
    const parsed: unknown = JSON.parse(text); // each case is valid JSON
    expect(duplicateMembers(text)).toEqual(pointers);
    expect(duplicateMembers(text, parsed)).toEqual(pointers);
  });

  it('with its parse given, rules out a text without repeats by counting, and still finds a repeat nested ten thousand deep', () => {
    const deep = `${'['.repeat(10_000)}{"a":1,"a":2}${']'.repeat(10_000)}`;
    const deepParsed: unknown = JSON.parse(deep);
    expect(duplicateMembers(deep, deepParsed)).toEqual([`${'/0'.repeat(10_000)}/a`]);
    const many = JSON.stringify({ query: '{ a: b }', variables: { x: { y: [1, { z: ':' }] }, w: '"' } });
    expect(duplicateMembers(many, JSON.parse(many))).toEqual([]);
  });

  it('ends on text that is not JSON (an unterminated string) instead of looping', () => {
    expect(duplicateMembers('{"a":1,"a')).toEqual(['/a']);
  });

  it('POST /sessions with the username twice is 400 naming it, not a login as the last one', async () => {
    const t = new TestOrigin();
    const res = await t.handle(request('POST', '/sessions', { 'content-type': 'application/json' }, '{"username":"bob","username":"alice","password":"alice-pw"}'));
    expect([res.status, bodyOf(res).type, bodyOf(res).duplicates, res.headers['set-cookie']]).toEqual([400, '/problems/duplicate-members', ['/username'], undefined]);
  });

  it('a resource body with a repeated member is 400 and changes nothing', async () => {
    const t = new TestOrigin();
    const res = await t.handle(request('PATCH', '/orders/121', { ...t.session('alice'), 'content-type': 'application/json' }, '{"delivery_address":"9 Elm","delivery_address":"1 Apple Lane"}'));
    expect([res.status, bodyOf(res).duplicates]).toEqual([400, ['/delivery_address']]);
    expect(t.origin.state().orders.find((o) => o.id === 121)!.delivery_address).toBe('1 Apple Lane');
  });

  it('graph requests are refused too: a POST body, and variables in a GET', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    const posted = await t.handle(request('POST', '/graphql', { ...alice, 'content-type': 'application/json' }, '{"query":"{ __typename }","variables":{"id":"1","id":"2"}}'));
    const got = await t.send('GET', `/graphql?query=${encodeURIComponent('{ __typename }')}&variables=${encodeURIComponent('{"id":1,"id":2}')}`, alice);
    expect([posted.status, got.status]).toEqual([400, 400]);
    expect([posted.body, got.body].every((b) => b?.includes('/id'))).toBe(true);
  });

  it('a WebSocket message with a repeated member is invalid (4400), not read as its last', () => {
    const read = parseClientMessage('{"type":"subscribe","id":"1","id":"2","payload":{"query":"subscription { x }"}}');
    expect(read).toMatchObject({ ok: false, closeCode: 4400 });
  });
});
