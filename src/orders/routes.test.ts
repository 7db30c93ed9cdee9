import { describe, expect, it } from 'vitest';
import { bodyOf, TestOrigin } from '../testing-kit.js';

describe('orders: every entry point checks ownership (spec §4 rule 4)', () => {
  it('reads, updates and deletes only the caller\'s own orders in owner-check behaviour', async () => {
    const t = new TestOrigin();
    const bob = t.session('bob');
    expect((await t.send('GET', '/orders/121', bob)).status).toBe(403);
    expect((await t.send('PATCH', '/orders/121', bob, { delivery_address: 'x' })).status).toBe(403);
    expect((await t.send('DELETE', '/orders/121', bob)).status).toBe(403);
    expect(bodyOf(await t.send('GET', '/orders', bob)).items).toMatchObject([{ id: 123 }, { id: 124 }]);
    expect(t.origin.state().orders).toHaveLength(6);
    expect(t.origin.state().orders[0]!.delivery_address).toBe('1 Apple Lane');
  });

  it('lets the owner read, change the address, and cancel; then the order is gone (404)', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    expect(bodyOf(await t.send('GET', '/orders/121', alice))).toMatchObject({ id: 121, user_id: 1, delivery_address: '1 Apple Lane' });
    expect(bodyOf(await t.send('PATCH', '/orders/121', alice, { delivery_address: '2 Apple Lane' }))).toMatchObject({ delivery_address: '2 Apple Lane' });
    expect((await t.send('DELETE', '/orders/121', alice)).status).toBe(204);
    expect((await t.send('GET', '/orders/121', alice)).status).toBe(404);
  });

  it('marks order responses private and never storable', async () => {
    const t = new TestOrigin();
    const res = await t.send('GET', '/orders/121', t.session('alice'));
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('validates a PATCH only for the owner, and applies nothing that is invalid', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    expect((await t.send('PATCH', '/orders/121', alice, { user_id: 2 })).status).toBe(422);
    expect((await t.send('PATCH', '/orders/121', alice, { delivery_address: '' })).status).toBe(422);
    expect((await t.send('PATCH', '/orders/123', alice, { user_id: 1 })).status).toBe(403); // not yours, whatever the body
    expect(t.origin.state().orders.find((o) => o.id === 121)!.user_id).toBe(1);
  });

  it('answers 404 for an order that does not exist and 405 with Allow for other methods', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    expect((await t.send('GET', '/orders/999', alice)).status).toBe(404);
    const put = await t.send('PUT', '/orders/121', alice, {});
    expect([put.status, put.headers.allow]).toEqual([405, 'GET, PATCH, DELETE']);
  });

  it('records every decision in the audit log: who, what, which object, allowed or not, why', async () => {
    const t = new TestOrigin();
    await t.send('GET', '/orders/123', t.session('alice'));
    expect(t.origin.audit.records.at(-1)).toMatchObject({
      userId: 1, username: 'alice', via: 'session', operation: 'read orders', object: 'orders/123', objectId: 123,
      decision: 'deny', reason: 'not the owner', status: 403,
    });
  });

  it('answers HEAD like GET without a body', async () => {
    const t = new TestOrigin();
    const head = await t.send('HEAD', '/orders/121', t.session('alice'));
    expect([head.status, head.body, head.headers['cache-control']]).toEqual([200, undefined, 'private, no-store']);
  });
});
