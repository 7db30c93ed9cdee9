import { describe, expect, it } from 'vitest';
import type { Subject } from '../auth/subject.js';
import { Policy } from './policy.js';
import { scopesOfRoles } from './roles.js';

const subject = (userId: number, roles: string[], scopes = scopesOfRoles(roles)): Subject => ({
  userId, username: `u${userId}`, roles, scopes, via: 'session', credentialId: 's',
});
const ownerCheck = new Policy({ orders: 'owner-check' });

describe('gate 2: one policy decides', () => {
  it('denies by default: a role it does not know grants nothing', () => {
    expect(ownerCheck.access(subject(9, ['intern']), { action: 'read', resource: 'notes' })).toMatchObject({ allow: false, reason: 'missing scope read:notes' });
  });

  it('limits a customer to their own orders through the lookup scope', () => {
    expect(ownerCheck.access(subject(1, ['customer']), { action: 'read', resource: 'orders' })).toMatchObject({ allow: true, lookup: { kind: 'owner', userId: 1 } });
  });

  it('lets support read any order by role, and change none', () => {
    expect(ownerCheck.access(subject(4, ['support']), { action: 'read', resource: 'orders' })).toMatchObject({ allow: true, lookup: { kind: 'all' } });
    expect(ownerCheck.access(subject(4, ['support']), { action: 'update', resource: 'orders' })).toMatchObject({ allow: false, reason: 'missing scope write:orders' });
  });

  it('requires the scope even of the owner: a token narrowed to read:notes cannot read their orders', () => {
    expect(ownerCheck.access(subject(1, ['customer'], new Set(['read:notes'])), { action: 'read', resource: 'orders' })).toMatchObject({ allow: false });
  });

  it('in login-only behaviour lets any identified caller see every order (the unsafe variant)', () => {
    const loginOnly = new Policy({ orders: 'login-only' });
    expect(loginOnly.access(subject(2, ['customer'], new Set()), { action: 'update', resource: 'orders' })).toMatchObject({ allow: true, lookup: { kind: 'all' } });
  });

  it('gives least privilege: support has no write scope at all but ending its own session', () => {
    expect([...scopesOfRoles(['support'])].filter((s) => s.startsWith('write:'))).toEqual(['write:sessions']);
  });
});
