import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { scopesOfRoles } from '../../src/policy/roles.js';
import { TestOrigin } from '../../src/testing-kit.js';
import { replayable } from './replay.js';

/**
 * Scope and owner, both required (spec §5.5), a white-box check: tokens are minted with the scopes drawn,
 * through the origin's own login (`TestOrigin`), and the support role reads any order; a target description
 * declares neither scopes nor roles, so no principle can draw them. A scope says only the kind of operation
 * may be done; the owner check applies on top. A valid scope without ownership is 403, and ownership without
 * the scope is 403; only both give access (support reads any order by role). Login-only behaviour, which
 * checks neither, must fail this.
 */

const accounts = [
  { username: 'alice', userId: 1, roles: ['customer'] },
  { username: 'bob', userId: 2, roles: ['customer'] },
  { username: 'carol', userId: 3, roles: ['customer'] },
  { username: 'sam', userId: 4, roles: ['support'] },
] as const;
const owners: Readonly<Record<number, number>> = { 121: 1, 122: 1, 123: 2, 124: 2, 125: 3, 126: 3 };

const caseArb = fc
  .record({ who: fc.constantFrom(...accounts), id: fc.integer({ min: 121, max: 126 }), action: fc.constantFrom('read', 'update', 'delete') })
  .chain((c) => fc.subarray([...scopesOfRoles(c.who.roles)]).map((scopes) => ({ ...c, scopes })));
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

async function bothRequired(c: Case, orders: 'owner-check' | 'login-only'): Promise<void> {
  const t = new TestOrigin({ orders });
  const token = await t.token(c.who.username, { scopes: c.scopes });
  const res = c.action === 'read'
    ? await t.send('GET', `/orders/${c.id}`, token)
    : c.action === 'update'
      ? await t.send('PATCH', `/orders/${c.id}`, token, { delivery_address: 'changed' })
      : await t.send('DELETE', `/orders/${c.id}`, token);
  const scope = `${c.action === 'read' ? 'read' : 'write'}:orders`;
  const owner = owners[c.id] === c.who.userId || (c.action === 'read' && c.who.roles.includes('support' as never));
  const expected = c.scopes.includes(scope) && owner ? (c.action === 'delete' ? 204 : 200) : 403;
  if (res.status !== expected) {
    throw new Error(`${c.who.username} with scopes [${c.scopes.join(' ')}] → ${c.action} order ${c.id} (owner ${owners[c.id]}): got ${res.status}, expected ${expected}`);
  }
}

const file = 'properties/white-box/scope-and-owner.test.ts';

describe('scope and owner are both required', () => {
  test.prop([caseArb], replayable<[Case]>(file, 200))('owner-check: access iff the scope and the ownership (or the role) are there', (c) => bothRequired(c, 'owner-check'));

  test('teeth: login-only, which checks neither, is caught', async () => {
    const result = await fc.check(fc.asyncProperty(caseArb, (c) => bothRequired(c, 'login-only')), { numRuns: 200, seed: 3 });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/expected 403/);
  });
});
