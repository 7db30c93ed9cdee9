import { describe, expect, it } from 'vitest';
import { bodyOf, TestOrigin } from '../testing-kit.js';

describe('a user made by POST /users (an account id would make it that account\'s)', () => {
  it('never takes an account id, and is its creator’s to edit and delete, nobody else’s', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    const created = await t.send('POST', '/users', alice, { name: 'Dora', email: 'dora@example.com' });
    expect([created.status, created.headers.location]).toEqual([201, '/users/5']);
    expect(t.origin.accounts.byId(5)).toBeUndefined();
    for (const other of ['bob', 'sam']) {
      expect((await t.send('PATCH', '/users/5', t.session(other), { bio: 'not yours' })).status).toBe(403);
    }
    const edited = await t.send('PATCH', '/users/5', alice, { bio: 'invited by alice' });
    expect([edited.status, bodyOf(edited).bio]).toEqual([200, 'invited by alice']);
    expect((await t.send('DELETE', '/users/5', alice)).status).toBe(204);
    // Still hers after the delete: a repeat is her 404, and to anyone else the same 403 as a free id.
    expect((await t.send('DELETE', '/users/5', alice)).status).toBe(404);
    expect([(await t.send('DELETE', '/users/5', t.session('bob'))).status, (await t.send('DELETE', '/users/99', t.session('bob'))).status]).toEqual([403, 403]);
  });
});
