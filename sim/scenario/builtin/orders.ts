import type { BuiltinScenario } from '../builtin-scenario.js';

const read = (id: number, auth: string) => ({ method: 'GET', path: `/orders/${id}`, auth });

/** Spec §1.2 and §4 Area A: the same requests against both server behaviours. */
function behaviours(): BuiltinScenario[] {
  return (['login-only', 'owner-check'] as const).map((orders) => ({
    name: `orders-${orders}`,
    summary:
      orders === 'login-only'
        ? 'Login-only: bob reads and changes alice\'s order 121, because being logged in is all that is checked.'
        : 'Owner-check: alice reads her order 121; bob gets 403 for it, reading and changing; no credential gets 401.',
    build: () => ({
      modes: { orders },
      steps: [
        read(121, 'session:alice'),
        read(121, 'session:bob'),
        { method: 'PATCH', path: '/orders/121', auth: 'session:bob', body: { delivery_address: '9 Mallory Street' } },
        read(121, 'none'),
        read(121, 'session:alice'),
      ],
      // Order 121 is the first the origin holds; bob's PATCH either moved its delivery or was refused.
      expect: orders === 'login-only'
        ? { statuses: [200, 200, 200, 401, 200], finalState: { '/orders/0/delivery_address': '9 Mallory Street' } }
        : { statuses: [200, 403, 403, 401, 200], finalState: { '/orders/0/delivery_address': '1 Apple Lane' } },
    }),
  }));
}

export const ordersScenarios: readonly BuiltinScenario[] = [
  ...behaviours(),
  {
    name: 'orders-support-role',
    summary: 'Support (sam) may read any customer\'s order by role, but may not change one: 200, then 403.',
    build: () => ({
      steps: [read(123, 'session:sam'), { method: 'PATCH', path: '/orders/123', auth: 'session:sam', body: { delivery_address: 'x' } }],
      expect: { statuses: [200, 403], finalState: { '/orders/2/delivery_address': '22 Birch Road' } },
    }),
  },
  {
    name: 'orders-no-credential',
    summary: 'No credential, an unknown session and broken tokens all stop at gate 1: 401, the same for an order that exists and one that does not.',
    build: () => ({
      steps: [
        read(121, 'none'),
        read(999, 'none'),
        read(121, 'unknown-session'),
        read(121, 'forged-token:bob'),
        read(121, 'alg-none-token:bob'),
      ],
      expect: { statuses: [401, 401, 401, 401, 401] },
    }),
  },
  {
    name: 'orders-expired-token',
    summary: 'A 15-minute token works at once and is refused 16 minutes later; an already expired one is refused at once.',
    build: () => ({
      steps: [read(121, 'token:alice'), { ...read(121, 'token:alice'), atUs: 16 * 60 * 1_000_000 }, read(121, 'expired-token:alice')],
      expect: { statuses: [200, 401, 401] },
    }),
  },
  {
    name: 'orders-revoked-session-vs-token',
    summary: 'Alice logs out: her session is refused on the next request, her signed token still works until it expires.',
    build: () => ({
      steps: [
        read(121, 'session:alice'),
        read(121, 'token:alice'),
        { method: 'DELETE', path: '/sessions/current', auth: 'session:alice' },
        read(121, 'session:alice'),
        read(121, 'token:alice'),
      ],
      expect: { statuses: [200, 200, 204, 401, 200] },
    }),
  },
  {
    name: 'orders-sequential-probe',
    summary: 'Alice walks order ids 121 to 126: four refusals in a row raise the enumeration alert (spec §5.8).',
    build: () => ({ steps: [121, 122, 123, 124, 125, 126].map((id) => read(id, 'session:alice')), expect: { statuses: [200, 200, 403, 403, 403, 403] } }),
  },
  {
    name: 'orders-session-vs-token',
    summary: 'The same order read with a session cookie and with a bearer token: same answer, different gate-1 work.',
    build: () => ({ steps: [read(121, 'session:alice'), read(121, 'token:alice')], expect: { statuses: [200, 200] } }),
  },
];
