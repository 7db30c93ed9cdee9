import { describe, expect, it } from 'vitest';
import type { Subject } from '../auth/subject.js';
import { inScope, type LookupScope, Policy } from './policy.js';
import { scopesOfRoles } from './roles.js';

const subject = (userId: number, roles: string[], scopes = scopesOfRoles(roles)): Subject => ({
  userId, username: `u${userId}`, roles, scopes, via: 'session', credentialId: 's',
});
const ownerCheck = new Policy({ orders: 'owner-check' });
const everything: LookupScope = { kind: 'all' };

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

  it('says why it allowed, as the audit log shows it', () => {
    expect(ownerCheck.access(subject(1, ['customer']), { action: 'read', resource: 'notes' })).toEqual({ allow: true, lookup: { kind: 'all' }, reason: 'scope read:notes' });
    expect(ownerCheck.access(subject(1, ['customer']), { action: 'delete', resource: 'orders' }))
      .toEqual({ allow: true, lookup: { kind: 'owner', userId: 1 }, reason: 'scope write:orders, own objects only' });
    expect(ownerCheck.access(subject(4, ['support']), { action: 'list', resource: 'orders' }))
      .toEqual({ allow: true, lookup: { kind: 'all' }, reason: 'scope read:orders on any owner by role' });
    expect(new Policy({ orders: 'login-only' }).access(subject(2, ['customer']), { action: 'read', resource: 'orders' }))
      .toEqual({ allow: true, lookup: everything, reason: 'login-only: caller is logged in' });
  });

  it('limits exactly these operations to the owner: every one on orders, and changes to a user record or a post', () => {
    const customer = subject(3, ['customer']);
    const table = Object.fromEntries((['orders', 'notes', 'users', 'posts', 'sessions'] as const).map((resource) => [
      resource,
      (['read', 'list', 'create', 'update', 'delete'] as const).map((action) => {
        const access = ownerCheck.access(customer, { action, resource });
        return access.allow ? access.lookup.kind : access.reason;
      }),
    ]));
    expect(table).toEqual({
      orders: ['owner', 'owner', 'all', 'owner', 'owner'],
      notes: ['all', 'all', 'all', 'all', 'all'],
      users: ['all', 'all', 'all', 'owner', 'owner'],
      posts: ['all', 'all', 'all', 'owner', 'owner'],
      sessions: ['missing scope read:sessions', 'missing scope read:sessions', 'all', 'all', 'all'],
    });
  });

  it('keeps login-only to orders: other resources still ask for the scope and the owner', () => {
    const loginOnly = new Policy({ orders: 'login-only' });
    expect(loginOnly.access(subject(2, ['customer'], new Set()), { action: 'read', resource: 'notes' })).toEqual({ allow: false, reason: 'missing scope read:notes' });
    expect(loginOnly.access(subject(2, ['customer']), { action: 'update', resource: 'posts' }))
      .toEqual({ allow: true, lookup: { kind: 'owner', userId: 2 }, reason: 'scope write:posts, own objects only' });
  });

  it('extends a scope to any owner when one of the subject\'s roles does, and never without such a role', () => {
    const read = { action: 'read', resource: 'orders' } as const;
    expect(ownerCheck.access(subject(4, ['customer', 'support']), read)).toMatchObject({ lookup: { kind: 'all' } });
    // A credential carrying the scope but no role, or only a role the policy does not know, stays with its own objects.
    expect(ownerCheck.access(subject(5, [], new Set(['read:orders'])), read)).toMatchObject({ lookup: { kind: 'owner', userId: 5 } });
    expect(ownerCheck.access(subject(5, ['auditor'], new Set(['read:orders'])), read)).toMatchObject({ lookup: { kind: 'owner', userId: 5 } });
  });
});

describe('inScope', () => {
  it('admits every owner under an unscoped lookup and only the subject under an owner lookup', () => {
    expect(inScope(everything, 7)).toBe(true);
    expect([1, 2].map((owner) => inScope({ kind: 'owner', userId: 1 }, owner))).toEqual([true, false]);
  });
});
