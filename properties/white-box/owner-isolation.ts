import fc from 'fast-check';
import type { Order } from '../../src/orders/store.js';
import { runScenario } from '../../sim/scenario/run.js';
import { parseScenario, type ScenarioInput } from '../../sim/scenario/spec.js';
import { replayCommand } from './counterexample.js';

/**
 * Principle (spec §4 rules 2 and 4, §5.9): in owner-check behaviour, for any workload of several users going
 * through the cache, no response a caller receives contains another user's order, and no update or delete by
 * someone who is not the owner changes anything. Login-only behaviour must break it, in at most two requests.
 *
 * The check and its arbitraries, apart from the test (`owner-isolation.test.ts`) so that the benchmark of
 * property runs (`bench/harness/property-runs.ts`) runs exactly what the property runs.
 */

const owners: Readonly<Record<number, string>> = { 121: 'alice', 122: 'alice', 123: 'bob', 124: 'bob', 125: 'carol', 126: 'carol' };
const userIds: Readonly<Record<string, number>> = { alice: 1, bob: 2, carol: 3 };
const user = fc.constantFrom('alice', 'bob', 'carol');
const orderId = fc.integer({ min: 121, max: 126 });
const step = fc.oneof(
  fc.record({ user, method: fc.constant('GET'), id: orderId }),
  fc.record({ user, method: fc.constant('GET'), id: fc.constant(undefined) }),
  fc.record({ user, method: fc.constant('PATCH'), id: orderId, address: fc.constantFrom('1 New Street', '2 New Street') }),
  fc.record({ user, method: fc.constant('DELETE'), id: orderId }),
);
export type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
export type OrdersMode = 'owner-check' | 'login-only';

export const scenarioOf = (steps: readonly Step[], orders: OrdersMode): ScenarioInput => ({
  modes: { orders },
  steps: steps.map((s) => ({
    client: s.user, // each user has their own client and line; their requests interleave through the one cache
    method: s.method,
    path: s.id === undefined ? '/orders' : `/orders/${s.id}`,
    ...(s.method === 'PATCH' ? { body: { delivery_address: s.address } } : {}),
  })),
});

/** What the orders must be if only owners' changes took effect, each user's in their own order. */
function ownersOnly(steps: readonly Step[]): Map<number, string | undefined> {
  const orders = new Map<number, string | undefined>([[121, '1 Apple Lane'], [122, '1 Apple Lane'], [123, '22 Birch Road'], [124, '22 Birch Road'], [125, '303 Cedar Court'], [126, '303 Cedar Court']]);
  for (const s of steps) {
    if (s.id === undefined || owners[s.id] !== s.user || !orders.has(s.id) || orders.get(s.id) === undefined) continue;
    if (s.method === 'PATCH') orders.set(s.id, s.address);
    if (s.method === 'DELETE') orders.set(s.id, undefined);
  }
  return orders;
}

export async function isolated(steps: readonly Step[], orders: OrdersMode, seed: number): Promise<void> {
  const input = scenarioOf(steps, orders);
  const result = await runScenario('owner-isolation', parseScenario(input), { seed, trace: 'off' });
  const problems: string[] = [];
  result.exchanges.forEach((exchange, i) => {
    const caller = userIds[steps[i]!.user]!;
    const body = exchange.response?.body;
    if (body === undefined || exchange.response?.headers['content-type'] !== 'application/json') return;
    const parsed = JSON.parse(body) as Partial<Order> & { items?: Order[] };
    const seen = parsed.items ?? (parsed.user_id === undefined ? [] : [parsed as Order]);
    for (const o of seen) if (o.user_id !== caller) problems.push(`step ${i + 1}: ${steps[i]!.user} received order ${o.id} of user ${o.user_id}`);
  });
  const expected = ownersOnly(steps);
  const actual = new Map(result.finalState.orders.map((o) => [o.id, o.delivery_address]));
  for (const [id, address] of expected) {
    if (actual.get(id) !== address) problems.push(`order ${id} is ${JSON.stringify(actual.get(id))}, but only its owner's requests would make it ${JSON.stringify(address)}`);
  }
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n  replay in the simulator: ${replayCommand(`owner-isolation-${orders}`, input, seed)}`);
}

export const workload = fc.array(step, { minLength: 1, maxLength: 8 });
export const seed = fc.nat({ max: 1_000_000 });
