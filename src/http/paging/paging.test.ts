import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.js';
import { readQuery } from './list-query.js';

describe('page cursors', () => {
  it('round-trip any id and refuse anything they could not have produced', () => {
    for (const id of [1, 9, 10, 12345, 999_999_999_999_999]) expect(decodeCursor(encodeCursor(id))).toBe(id);
    const one = encodeCursor(1);
    for (const bad of ['', '!!', 'MR', `${one}=`, encodeCursor(0), Buffer.from('01').toString('base64url'), Buffer.from('-1').toString('base64url'), Buffer.from('1.5').toString('base64url'), 'A'.repeat(21)]) {
      expect(decodeCursor(bad), bad).toBeUndefined();
    }
  });
});

describe('readQuery', () => {
  it('defaults the limit to 20 and reads each parameter', () => {
    expect(readQuery('', ['limit', 'cursor', 'name'], 100)).toEqual({ ok: true, query: { limit: 20 } });
    expect(readQuery(`limit=100&cursor=${encodeCursor(7)}&name=al%20b`, ['limit', 'cursor', 'name'], 100))
      .toEqual({ ok: true, query: { limit: 100, cursor: 7, name: 'al b' } });
  });

  it.each([
    ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=05', 'limit'], ['limit=-1', 'limit'], ['limit=1.5', 'limit'],
    ['limit=', 'limit'], ['limit=abc', 'limit'], ['cursor=zz', 'cursor'], ['name=', 'name'], [`name=${'x'.repeat(101)}`, 'name'],
    ['limt=5', 'limt'], ['limit=1&limit=2', 'limit'],
  ])('refuses %s with a 400 that names %s', (query, parameter) => {
    const read = readQuery(query, ['limit', 'cursor', 'name'], 100);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problem).toMatchObject({ status: 400, type: '/problems/invalid-query', errors: [{ parameter }] });
  });

  it('lists every wrong parameter at once', () => {
    const read = readQuery('limit=0&cursor=zz&name=', ['limit', 'cursor', 'name'], 100);
    expect(read.ok ? [] : (read.problem.errors as { parameter: string }[]).map((e) => e.parameter)).toEqual(['limit', 'cursor', 'name']);
  });

  it('refuses parameters an endpoint does not define, e.g. a name filter on posts or any query on an item', () => {
    expect(readQuery('name=a', ['limit', 'cursor'])).toMatchObject({ ok: false, problem: { errors: [{ parameter: 'name' }] } });
    expect(readQuery('x=1', [])).toMatchObject({ ok: false, problem: { detail: 'Unknown query parameter "x". This endpoint takes no query parameters.' } });
  });
});
