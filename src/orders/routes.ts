import { type HttpRequest, type HttpResponse, jsonResponse, response } from '../http/message.js';
import { parsePathId } from '../http/path-id.js';
import { forbidden, methodNotAllowed, notFound, problemResponse } from '../http/problem.js';
import type { Guard } from '../policy/guard.js';
import type { Operation } from '../policy/operation.js';
import { readAddressPatch } from './body.js';
import type { OrdersStore } from './store.js';

/** Personal data (an address): no cache may keep it, shared or private (RFC 9111 §5.2.2.5). */
const personal = { 'cache-control': 'private, no-store' };

const itemMethods = ['GET', 'PATCH', 'DELETE'] as const;
// No HEAD: the pipeline answers it as GET before any route sees it (src/pipeline/head-as-get.ts).
const itemActions = { GET: 'read', PATCH: 'update', DELETE: 'delete' } as const;

/**
 * What a caller is told about someone else's order. `revealed` (the spec's pair, §5.3): 403 for an order
 * that exists and is not theirs, 404 for one that does not exist, so existence is observable. `hidden`: 404
 * for both, the same bytes, as GitHub answers for a private repository; the denial is still audited, so the
 * enumeration detector sees it.
 */
export type OrderExistence = 'revealed' | 'hidden';

/**
 * `GET /orders` (the caller's own), `GET|PATCH|DELETE /orders/<id>`. Each asks gate 2 first and then
 * looks the order up inside the scope it was given; a miss on an order that exists is someone else's: 403,
 * or 404 when existence is `hidden`.
 */
export function handleOrders(store: OrdersStore, req: HttpRequest, pathname: string, guard: Guard, existence: OrderExistence = 'revealed'): HttpResponse {
  if (pathname === '/orders') {
    if (req.method !== 'GET') return methodNotAllowed(req.method, ['GET']);
    const access = guard.access({ action: 'list', resource: 'orders' }, { resource: 'orders' });
    if (!access.allow) return forbidden(access.reason);
    return jsonResponse(200, { items: store.list(access.lookup) }, personal);
  }

  const id = parsePathId(pathname.slice('/orders/'.length));
  if (id === undefined) return notFound(pathname);
  const action = (itemActions as Record<string, Operation['action'] | undefined>)[req.method];
  if (action === undefined) return methodNotAllowed(req.method, itemMethods);
  const operation: Operation = { action, resource: 'orders' };
  const object = { resource: 'orders', id } as const;
  const access = guard.access(operation, object);
  if (!access.allow) return forbidden(access.reason);

  const order = store.find(id, access.lookup);
  if (order === undefined) {
    if (!store.exists(id)) return notFound(pathname);
    guard.deny(operation, object, 'not the owner');
    return existence === 'hidden' ? notFound(pathname) : forbidden(`order ${id} is not yours`);
  }
  switch (action) {
    case 'read':
      return jsonResponse(200, order, personal);
    case 'update': {
      const patch = readAddressPatch(req);
      if (!patch.ok) return problemResponse(patch.problem);
      return jsonResponse(200, store.updateAddress(id, access.lookup, patch.deliveryAddress), personal);
    }
    default:
      store.cancel(id, access.lookup);
      return response(204, personal);
  }
}
