import { inScope, type LookupScope } from '../policy/policy.js';
import { memoryTables, type Tables } from '../storage/tables.js';

export interface Order {
  readonly id: number;
  /** The owner, stored as `user_id` (spec §2). */
  readonly user_id: number;
  readonly delivery_address: string;
  readonly products: readonly string[];
  readonly total_cents: number;
}

/**
 * Orders, with no unscoped read, update or delete: every entry point takes the lookup scope gate 2 gave
 * the caller, so "the order among the caller's own orders" is how the data is reached, not a check after.
 * `exists` tells a handler whether a miss was someone else's order (403) or no order (404).
 */
export class OrdersStore {
  readonly #orders: Map<number, Order>;

  constructor(tables: Tables = memoryTables()) {
    this.#orders = tables.map('orders');
  }

  add(order: Order): void {
    this.#orders.set(order.id, order);
  }

  exists(id: number): boolean {
    return this.#orders.has(id);
  }

  find(id: number, scope: LookupScope): Order | undefined {
    const order = this.#orders.get(id);
    return order !== undefined && inScope(scope, order.user_id) ? order : undefined;
  }

  list(scope: LookupScope): Order[] {
    return [...this.#orders.values()].filter((o) => inScope(scope, o.user_id)).sort((a, b) => a.id - b.id);
  }

  updateAddress(id: number, scope: LookupScope, deliveryAddress: string): Order | undefined {
    const order = this.find(id, scope);
    if (order === undefined) return undefined;
    const updated = { ...order, delivery_address: deliveryAddress };
    this.#orders.set(id, updated);
    return updated;
  }

  cancel(id: number, scope: LookupScope): boolean {
    return this.find(id, scope) !== undefined && this.#orders.delete(id);
  }

  snapshot(): Order[] {
    return [...this.#orders.values()].sort((a, b) => a.id - b.id);
  }
}

/** The demonstration's orders 121 to 126 (spec §8.5): two each for alice (1), bob (2) and carol (3). */
export function seedDemoOrders(store: OrdersStore): void {
  const owners = [1, 1, 2, 2, 3, 3];
  const streets = ['1 Apple Lane', '1 Apple Lane', '22 Birch Road', '22 Birch Road', '303 Cedar Court', '303 Cedar Court'];
  owners.forEach((userId, i) => {
    store.add({ id: 121 + i, user_id: userId, delivery_address: streets[i]!, products: [`product-${121 + i}`], total_cents: 1_000 + 250 * i });
  });
}
