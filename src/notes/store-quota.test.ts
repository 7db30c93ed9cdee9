import { describe, expect, it } from 'vitest';
import { NotesStore } from './store.js';

describe('what one caller may keep in notes', () => {
  const quota = { count: 2, bytes: 10 };

  it('counts each note for its last writer, in UTF-8 bytes, and refuses past either bound', () => {
    const store = new NotesStore(undefined, quota);
    store.add('ab', 1);
    store.put(7, 'é', 1);
    expect(store.usage(1)).toEqual({ count: 2, bytes: 4 });
    expect(store.room(1, 'x')).toMatchObject({ ok: false, limit: 'notes', used: 2, wanted: 3 });
    // Rewriting one's own note is no new note, and its old bytes are given back first.
    expect(store.room(1, '12345678', 7)).toEqual({ ok: true });
    expect(store.room(1, '123456789', 7)).toMatchObject({ ok: false, limit: 'bytes', used: 4, wanted: 11 });
    expect(store.room(2, 'x'.repeat(10))).toEqual({ ok: true });
    expect(store.room(2, 'x'.repeat(11))).toMatchObject({ ok: false, limit: 'bytes' });
  });

  it('moves a note to whoever writes it last, and frees it on delete', () => {
    const store = new NotesStore(undefined, quota);
    store.put(1, 'abc', 1);
    store.put(1, 'de', 2);
    expect([store.usage(1), store.usage(2)]).toEqual([{ count: 0, bytes: 0 }, { count: 1, bytes: 2 }]);
    expect(store.delete(1)).toBe(true);
    expect(store.usage(2)).toEqual({ count: 0, bytes: 0 });
    store.put(1, 'again');
    expect(store.usage(2)).toEqual({ count: 0, bytes: 0 });
  });

  it('tallies the usage again from the tables it is given', () => {
    const notes = new Map<number, string>();
    const writers = new Map<number, number>();
    const tables = { fresh: false, map: <K, V>(name: string) => (name === 'notes' ? notes : writers) as unknown as Map<K, V>, counter: (_n: string, start: number) => ({ value: start }) };
    new NotesStore(tables, quota).add('abcd', 3);
    expect(new NotesStore(tables, quota).usage(3)).toEqual({ count: 1, bytes: 4 });
  });
});
