import { describe, expect, it } from 'vitest';
import { UsersStore } from './store.js';

const person = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com` });

describe('UsersStore', () => {
  it('hands out ids 1, 2, 3 and never reuses one, also after a delete', () => {
    const users = new UsersStore();
    expect([users.add(person('A')).id, users.add(person('B')).id]).toEqual([1, 2]);
    users.delete(2);
    expect(users.add(person('C')).id).toBe(3);
    expect(users.snapshot().map((u) => u.id)).toEqual([1, 3]);
  });

  it('replaces only users that exist, and keeps id order after a replace', () => {
    const users = new UsersStore();
    users.add(person('A'));
    users.add(person('B'));
    expect(users.replace(7, person('X'))).toBeUndefined();
    expect(users.replace(1, { name: 'Z', email: 'z@z', bio: 'hi' })).toEqual({ id: 1, name: 'Z', email: 'z@z', bio: 'hi' });
    expect(users.snapshot().map((u) => u.name)).toEqual(['Z', 'B']);
    expect(users.size).toBe(2);
  });

  it('answers a batch lookup with one entry per id, in order, undefined for the missing', () => {
    const users = new UsersStore();
    users.add(person('A'));
    users.add(person('B'));
    expect(users.usersByIds([2, 9, 1, 2]).map((u) => u?.name)).toEqual(['B', undefined, 'A', 'B']);
    expect(users.usersByIds([])).toEqual([]);
  });

  it('hands out frozen records, so a caller cannot change the store through one', () => {
    const users = new UsersStore();
    const user = users.add(person('A'));
    expect(Object.isFrozen(user)).toBe(true);
    expect(() => { (user as { name: string }).name = 'Mallory'; }).toThrow(TypeError);
    expect(users.get(1)?.name).toBe('A');
  });

  it('pages by keyset: after an id, with a limit, filtered by a case-insensitive name prefix', () => {
    const users = new UsersStore();
    for (const name of ['Al', 'Bob', 'alan', 'ALBERT', 'Sal']) users.add(person(name));
    expect(users.page({ limit: 2 })).toEqual({ items: [users.get(1), users.get(2)], more: true });
    expect(users.page({ limit: 2, afterId: 2 }).items.map((u) => u.id)).toEqual([3, 4]);
    expect(users.page({ limit: 3, afterId: 2 })).toMatchObject({ more: false });
    expect(users.page({ limit: 10, namePrefix: 'aL' }).items.map((u) => u.name)).toEqual(['Al', 'alan', 'ALBERT']);
    expect(users.page({ limit: 2, namePrefix: 'al' })).toMatchObject({ more: true });
    expect(users.page({ limit: 2, namePrefix: 'al', afterId: 3 })).toEqual({ items: [users.get(4)], more: false });
  });
});

describe('what one caller may keep in users it created', () => {
  const quota = { count: 2, bytes: 40 };

  it('counts a created user for its creator, by its fields\' UTF-8 bytes, and refuses past either bound', () => {
    const users = new UsersStore(undefined, quota);
    users.add(person('Ann'), 7); // 3 + 15 bytes
    users.add(person('Zed')); // an account's own record counts for nobody
    expect([users.usage(7), users.room(7, person('Bo'))]).toEqual([{ count: 1, bytes: 18 }, { ok: true }]);
    expect(users.room(7, { ...person('Bo'), bio: 'é'.repeat(4) })).toMatchObject({ ok: false, limit: 'bytes', used: 18, wanted: 42 });
    users.add(person('Bo'), 7);
    expect(users.room(7, person('C'))).toMatchObject({ ok: false, limit: 'users', max: 2, used: 2, wanted: 3 });
    expect(users.room(8, person('C'))).toEqual({ ok: true });
  });

  it('weighs a replacement against the creator, whoever sends it, and gives a deleted user back', () => {
    const users = new UsersStore(undefined, quota);
    const ann = users.add(person('Ann'), 7);
    const zed = users.add(person('Zed'));
    expect(users.roomToReplace(ann.id, { ...person('Ann'), bio: 'x'.repeat(23) })).toMatchObject({ ok: false, limit: 'bytes', used: 18, wanted: 41 });
    expect(users.roomToReplace(ann.id, { ...person('Ann'), bio: 'x'.repeat(22) })).toEqual({ ok: true });
    expect(users.roomToReplace(zed.id, { ...person('Zed'), bio: 'x'.repeat(400) })).toEqual({ ok: true });
    users.replace(ann.id, person('Annabel'));
    expect(users.usage(7)).toEqual({ count: 1, bytes: 26 });
    users.delete(ann.id);
    expect(users.usage(7)).toEqual({ count: 0, bytes: 0 });
  });

  it('tallies the usage again from the tables it is given, counting only users still there', () => {
    const maps = new Map<string, Map<number, unknown>>();
    const tables = { fresh: false, map: <K, V>(name: string) => (maps.get(name) ?? maps.set(name, new Map()).get(name)!) as unknown as Map<K, V>, counter: (_n: string, start: number) => ({ value: start }) };
    const first = new UsersStore(tables, quota);
    first.add(person('Ann'), 7);
    first.delete(first.add(person('Bo'), 7).id);
    expect(new UsersStore(tables, quota).usage(7)).toEqual({ count: 1, bytes: 18 });
  });
});
