import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { request } from '../http/message.js';
import { canonicalJson, requestFingerprint } from './fingerprint.js';

const json = { 'content-type': 'application/json' };
const post = (body?: string, path = '/notes', headers: Record<string, string> = json) => request('POST', path, headers, body);
const fp = (body?: string, path?: string) => requestFingerprint(post(body, path));

describe('the request fingerprint', () => {
  it('is SHA-256 in hex', () => {
    expect(fp('{"content":"a"}')).toMatch(/^[0-9a-f]{64}$/);
  });

  // A fingerprint is stored with every completed record, and completed records outlive the process
  // (src/origin-storage.ts): its exact value is a stored format. These known answers are SHA-256 over the
  // UTF-8 of the JSON array [method, path with query, kind of body, payload]; any drift would answer every
  // re-send of a stored request with 422.
  it.each([
    // ["POST","/notes","none",""]
    ['no body', request('POST', '/notes', {}), '3cca8fdfd29c2d36d89978322585a228e498919c409a8662b9d8d91539fd8d55'],
    // ["POST","/notes?x=1","json","{\"a\":[1,\"é\"],\"b\":null}"]
    ['a JSON body, canonicalized', request('POST', '/notes?x=1', json, '{ "b": null, "a": [1.0, "\\u00e9"] }'), '68e7f3edecec582c230062e0424b9969916e60ada694ffd1956d924783a2ea9e'],
    // ["PATCH","/notes/1","text","crème 🍮"]
    ['a text body, as is', request('PATCH', '/notes/1', {}, 'crème 🍮'), '5c2e96712aafbc9ed345c898eb57b443faf4235ed6ed6ce99b48900059844055'],
  ])('has a fixed value for %s', (_, req, expected) => {
    expect(requestFingerprint(req)).toBe(expected);
  });

  it('ignores key order, spacing and number spelling in a JSON body, at every depth', () => {
    expect(fp('{"content":"a","tags":{"x":1,"y":[1,{"p":true,"q":null}]}}'))
      .toBe(fp(' { "tags" : { "y" : [ 1.0 , { "q" : null , "p" : true } ] , "x" : 1e0 } , "content" : "\\u0061" } '));
  });

  it('does not ignore values, array order, types or members', () => {
    const base = fp('{"content":"a","n":[1,2]}');
    for (const other of [
      '{"content":"b","n":[1,2]}',
      '{"content":"a","n":[2,1]}',
      '{"content":"a","n":["1",2]}',
      '{"content":"a","n":[1,2],"extra":null}',
      '{"content":"a"}',
      '{"Content":"a","n":[1,2]}',
      '{"content":"a","n":[12]}', // array elements stay apart: [1,2] is not [12]
      '{"content":"a","n":{"0":1,"1":2}}', // an array is not an object with index members
    ]) expect(fp(other), other).not.toBe(base);
  });

  it('covers the method and the path with its query', () => {
    const body = '{"content":"a"}';
    expect(requestFingerprint(request('PATCH', '/notes', json, body))).not.toBe(fp(body));
    expect(fp(body, '/users')).not.toBe(fp(body));
    expect(fp(body, '/notes?x=1')).not.toBe(fp(body));
  });

  it('fingerprints a body that is not JSON as its raw text', () => {
    expect(fp('not json')).toBe(fp('not json'));
    expect(fp('not json')).not.toBe(fp('not  json'));
    expect(fp('{"content":')).not.toBe(fp('{"content":"'));
  });

  it('keeps a text body apart from a JSON body and from no body', () => {
    expect(fp('"none"')).not.toBe(fp(undefined)); // the JSON string "none" is not the absence of a body
    expect(fp('text')).not.toBe(fp('"text"'));
  });

  it('treats an empty body as no body, and ignores headers', () => {
    expect(fp('')).toBe(fp(undefined));
    expect(requestFingerprint(post('{"a":1}', '/notes', { 'content-type': 'application/json; charset=utf-8', 'x-trace': '1' })))
      .toBe(fp('{"a":1}'));
  });

  it('survives a body nested too deep to canonicalize, by falling back to its text', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(fp(deep)).toMatch(/^[0-9a-f]{64}$/);
    expect(fp(deep)).toBe(fp(deep));
  });
});

describe('canonical JSON', () => {
  it('sorts members by UTF-16 code units, as RFC 8785 does', () => {
    expect(canonicalJson({ b: 1, a: 2, B: 3, é: 4, '10': 5, '9': 6 })).toBe('{"10":5,"9":6,"B":3,"a":2,"b":1,"é":4}');
    // Code units, not code points: U+1F36E is the surrogate pair D83C DF6E, which sorts before U+FB01.
    expect(canonicalJson({ 'ﬁ': 1, '🍮': 2 })).toBe('{"🍮":2,"ﬁ":1}');
  });

  it('writes arrays in order, elements separated by commas, at every depth', () => {
    expect(canonicalJson([3, [1, 2], { b: [], a: {} }, 'x', null, true])).toBe('[3,[1,2],{"a":{},"b":[]},"x",null,true]');
  });

  it('sorts the members of a large object too', () => {
    // Long enough that the engine's sort merges runs rather than only inserting.
    const names = Array.from({ length: 600 }, (_, i) => `m${(i * 7919) % 600}`);
    const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const value = Object.fromEntries(names.map((name) => [name, 0]));
    expect(canonicalJson(value)).toBe(`{${sorted.map((name) => `"${name}":0`).join(',')}}`);
  });

  test.prop([fc.jsonValue()])('is a fixed point: parsing and canonicalizing again changes nothing', (value) => {
    const once = canonicalJson(JSON.parse(JSON.stringify(value)) as never);
    expect(canonicalJson(JSON.parse(once) as never)).toBe(once);
  });

  test.prop([fc.jsonValue(), fc.nat()])('does not depend on the order members were written in', (value, seed) => {
    const shuffled = JSON.stringify(reorder(JSON.parse(JSON.stringify(value)), seed));
    expect(fp(shuffled)).toBe(fp(JSON.stringify(value)));
  });
});

/** Rebuilds every object with its members rotated by a seed-dependent amount: same value, other order. */
function reorder(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v) => reorder(v, seed));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const shift = entries.length === 0 ? 0 : seed % entries.length;
  const rotated = [...entries.slice(shift), ...entries.slice(0, shift)].reverse();
  return Object.fromEntries(rotated.map(([k, v]) => [k, reorder(v, seed)]));
}
