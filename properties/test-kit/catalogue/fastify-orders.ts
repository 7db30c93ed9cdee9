import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Accounts } from './accounts.js';
import { fastifyFunction } from './fastify-listener.js';

interface Order {
  readonly id: string;
  readonly owner: string;
  readonly item: string;
}

type Params = { Params: { id: string } };

/**
 * Orders on Fastify 5 behind a bearer token, with an `onRequest` hook that refuses an unknown caller. `GET`
 * checks the owner; the flawed `DELETE` only that someone signed in, so anyone cancels anyone's order.
 */
export function ordersApp(deleteChecksOwner: boolean): FastifyInstance {
  const orders = new Map<string, Order>();
  // A counter, not the count of orders: after a DELETE the count would hand out an id still in use.
  let lastId = 0;
  const accounts = new Accounts();
  const app = Fastify();
  app.decorateRequest('user', '');

  app.post('/login', async (request, reply) => {
    const token = accounts.signIn(request.body);
    if (token === undefined) return reply.code(401).send({ error: 'wrong user or password' });
    return { token };
  });

  app.register((orderRoutes, _options, done) => {
    orderRoutes.addHook('onRequest', async (request, reply) => {
      const user = accounts.userOf(request.headers.authorization);
      if (user === undefined) return reply.code(401).send({ error: 'sign in first' });
      request.user = user;
    });
    const owned = (request: FastifyRequest<Params>, reply: FastifyReply): Order | undefined => {
      const order = orders.get(request.params.id);
      if (order === undefined) void reply.code(404).send({ error: 'no such order' });
      else if (order.owner !== request.user) void reply.code(403).send({ error: 'not your order' });
      else return order;
      return undefined;
    };
    orderRoutes.post<{ Body: { item?: unknown } | undefined }>('/orders', async (request, reply) => {
      const { item } = request.body ?? {};
      if (typeof item !== 'string') return reply.code(400).send({ error: 'an order needs an item' });
      const order = { id: String(++lastId), owner: request.user, item };
      orders.set(order.id, order);
      return reply.code(201).header('location', `/orders/${order.id}`).send(order);
    });
    orderRoutes.get<Params>('/orders/:id', async (request, reply) => owned(request, reply) ?? reply);
    orderRoutes.delete<Params>('/orders/:id', async (request, reply) => {
      if (deleteChecksOwner) {
        if (owned(request, reply) === undefined) return reply;
      } else if (!orders.has(request.params.id)) return reply.code(404).send({ error: 'no such order' });
      orders.delete(request.params.id);
      return reply.code(204).send();
    });
    done();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: string;
  }
}

export const flawed = () => fastifyFunction(ordersApp(false));
export const correct = () => fastifyFunction(ordersApp(true));
