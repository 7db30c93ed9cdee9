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
