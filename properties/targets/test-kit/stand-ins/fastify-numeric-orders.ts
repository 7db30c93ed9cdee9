import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

interface Order {
  readonly id: number;
  readonly user_id: number;
  item: string;
}

export interface OrdersOptions {
  /** Off: any signed-in user reads, changes and deletes any order (the spec's login-only flaw). */
  readonly ownerCheck?: boolean;
}

/**
 * Orders whose ids and owners are numbers, as a service on an integer primary key has them: users 1 and 2
 * (a bearer token that is the user's number), orders 11 and 12 of user 1 and 21 of user 2 from the start,
 * more made by `POST /orders` with the next number. A Fastify factory as Fastify's testing guide writes one,
 * its variant chosen by `options`.
 */
export default function build(options: OrdersOptions = {}) {
  const ownerCheck = options.ownerCheck ?? true;
  const orders = new Map<number, Order>([11, 12, 21].map((id) => [id, { id, user_id: id < 20 ? 1 : 2, item: 'kettle' }]));
  let nextId = 30;
  const app = Fastify();

  const callerOf = (request: FastifyRequest): number | undefined => {
    const match = /^Bearer ([12])$/.exec(request.headers.authorization ?? '');
    return match === null ? undefined : Number(match[1]);
  };
  // The order the caller may touch, or the answer that refuses it.
  const ownOrder = (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Order | undefined => {
    const caller = callerOf(request);
    const order = orders.get(Number(request.params.id));
    if (caller === undefined) void reply.code(401).send({ error: 'sign in' });
    else if (order === undefined || (ownerCheck && order.user_id !== caller)) void reply.code(404).send({ error: 'no such order' });
    else return order;
    return undefined;
  };

  app.post<{ Body: { item?: unknown } | undefined }>('/orders', async (request, reply) => {
    const caller = callerOf(request);
    if (caller === undefined) return reply.code(401).send({ error: 'sign in' });
    const item = request.body?.item;
    const order = { id: nextId++, user_id: caller, item: typeof item === 'string' ? item : 'kettle' };
    orders.set(order.id, order);
    return reply.code(201).send(order);
  });
  app.get<{ Params: { id: string } }>('/orders/:id', async (request, reply) => ownOrder(request, reply) ?? reply);
  app.delete<{ Params: { id: string } }>('/orders/:id', async (request, reply) => {
    const order = ownOrder(request, reply);
    if (order === undefined) return reply;
    orders.delete(order.id);
    return reply.code(204).send();
  });
  return app;
}
