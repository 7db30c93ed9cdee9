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
