import { describe, expect, it } from 'vitest';
import { mayActOnAnyOwner, roleGrants, scopesOfRoles } from './roles.js';

describe('roles', () => {
  it('grant the scopes of the README\'s table, and no more', () => {
    expect(scopesOfRoles(['customer'])).toEqual(new Set([
      'read:orders', 'write:orders', 'read:notes', 'write:notes', 'read:users', 'write:users', 'read:posts', 'write:posts', 'write:sessions',
    ]));
    expect(scopesOfRoles(['support'])).toEqual(new Set(['read:orders', 'read:notes', 'read:users', 'read:posts', 'write:sessions']));
  });

  it('extend only support\'s read:orders to objects of other owners', () => {
    expect(Object.fromEntries(Object.entries(roleGrants).map(([role, grant]) => [role, grant.onAnyOwner]))).toEqual({ customer: [], support: ['read:orders'] });
    expect(mayActOnAnyOwner(['support'], 'read:orders')).toBe(true);
    expect(mayActOnAnyOwner(['support'], 'write:orders')).toBe(false);
    expect(mayActOnAnyOwner(['customer'], 'read:orders')).toBe(false);
  });

  it('grant nothing for a role the policy does not know, alone or beside a known one', () => {
    expect(scopesOfRoles(['intern'])).toEqual(new Set());
    expect(scopesOfRoles([])).toEqual(new Set());
    expect(scopesOfRoles(['intern', 'support'])).toEqual(scopesOfRoles(['support']));
    expect(mayActOnAnyOwner(['intern'], 'read:orders')).toBe(false);
  });

  it('grant the union of the scopes of several roles', () => {
    expect(scopesOfRoles(['support', 'customer'])).toEqual(scopesOfRoles(['customer']));
    expect(mayActOnAnyOwner(['customer', 'support'], 'read:orders')).toBe(true);
  });

  it('tell apart role lists that spell the same letters', () => {
    // The memo is keyed by the list: `customer` must not answer for the unknown roles `custom` and `er`.
    expect(scopesOfRoles(['customer']).size).toBe(9);
    expect(scopesOfRoles(['custom', 'er'])).toEqual(new Set());
    expect(scopesOfRoles(['customer']).size).toBe(9);
  });

  it('answer a role list seen before with the same set, not a new one per request', () => {
    expect(scopesOfRoles(['support', 'intern'])).toBe(scopesOfRoles(['support', 'intern']));
  });
});
