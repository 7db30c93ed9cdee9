import { describe, expect, it } from 'vitest';
import { actionFor, describeObject, describeOperation, requiredScope } from './operation.js';

describe('operations in the policy\'s words', () => {
  it('maps each method to its action (RFC 9110), HEAD reading like GET', () => {
    const on = (collection: boolean) => ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => actionFor(m, collection));
    expect(on(false)).toEqual(['read', 'read', 'create', 'update', 'update', 'delete']);
    expect(on(true)).toEqual(['list', 'list', 'create', 'update', 'update', 'delete']);
  });

  it('has no action for any other method, nor for a method in lower case', () => {
    expect(['OPTIONS', 'TRACE', 'CONNECT', 'get', ''].map((m) => actionFor(m, false))).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('asks read:<resource> to read or list, and write:<resource> for every change', () => {
    expect((['read', 'list', 'create', 'update', 'delete'] as const).map((action) => requiredScope({ action, resource: 'notes' })))
      .toEqual(['read:notes', 'read:notes', 'write:notes', 'write:notes', 'write:notes']);
  });

  it('names an operation and its object as the audit log shows them', () => {
    expect(describeOperation({ action: 'update', resource: 'notes' })).toBe('update notes');
    expect(describeObject({ resource: 'orders', id: 124 })).toBe('orders/124');
    expect(describeObject({ resource: 'orders' })).toBe('orders');
    // Id 0 is still an object, not the collection.
    expect(describeObject({ resource: 'posts', id: 0 })).toBe('posts/0');
  });
});
