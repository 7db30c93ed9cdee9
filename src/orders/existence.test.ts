import { describe, expect, it } from 'vitest';
import { TestOrigin } from '../testing-kit.js';

describe('whether an order\'s existence is observable (hidden, a stranger cannot tell which ids exist)', () => {
  it('hidden: someone else\'s order gets the same 404 as a missing one, for every method, and nothing changes', async () => {
    const spec = new TestOrigin();
    expect([(await spec.send('GET', '/orders/121', spec.session('bob'))).status, (await spec.send('GET', '/orders/999', spec.session('bob'))).status]).toEqual([403, 404]);
    const t = new TestOrigin({ orderExistence: 'hidden' });
    const bob = t.session('bob');
    for (const [method, body] of [['GET', undefined], ['PATCH', { delivery_address: 'never applied' }], ['DELETE', undefined]] as const) {
      const theirs = await t.send(method, '/orders/121', bob, body);
      const missing = await t.send(method, '/orders/999', bob, body);
      expect(theirs.status).toBe(404);
      expect({ ...theirs, body: theirs.body?.replace('/orders/121', '/orders/999') }).toEqual(missing);
    }
    expect(t.origin.state().orders.find((o) => o.id === 121)!.delivery_address).toBe('1 Apple Lane');
    // The audit still knows, so the enumeration detector still sees denials.
    expect(t.origin.audit.records.filter((r) => r.objectId === 121).map((r) => [r.decision, r.reason, r.status])).toContainEqual(['deny', 'not the owner', 404]);
  });
});
