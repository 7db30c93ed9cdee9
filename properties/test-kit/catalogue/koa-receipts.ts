import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import { Accounts } from './accounts.js';

interface Order {
  readonly id: string;
  readonly owner: string;
  readonly item: string;
}

/**
 * Orders on Koa with @koa/router, signed in with a bearer token, and each order's receipt, a resource nested
 * under it. A middleware names the caller when its token is good, and each route that needs a user says so
 * with `requireLogin`, as Koa apps that also serve public pages do. The flawed receipt route forgets it: it
 * still checks the owner, so its owner reads it and the other user is refused, but a caller with no token
 * learns which orders exist (404 for a missing one, 403 for one that does), where gate 1 must answer 401.
 */
function ordersApp(receiptNeedsLogin: boolean): Koa {
  const orders = new Map<string, Order>();
  const accounts = new Accounts();
  const app = new Koa<{ user?: string }>();
  const router = new Router<{ user?: string }>();

  const requireLogin = async (ctx: Context, next: Next) => {
    if (ctx.state.user === undefined) return ctx.throw(401, 'sign in first');
    await next();
  };
  const mine = (ctx: Context): Order => {
    const order = orders.get((ctx.params as { id: string }).id);
    if (order === undefined) return ctx.throw(404, 'no such order');
    if (order.owner !== ctx.state.user) return ctx.throw(403, 'not your order');
    return order;
  };

  router.post('/login', (ctx) => {
    const token = accounts.signIn(ctx.request.body);
    if (token === undefined) return ctx.throw(401, 'wrong user or password');
    ctx.body = { token };
  });
  router.post('/orders', requireLogin, (ctx) => {
    const { item } = ctx.request.body as { item?: unknown };
    if (typeof item !== 'string') return ctx.throw(400, 'an order needs an item');
    const order = { id: String(orders.size + 1), owner: ctx.state.user!, item };
    orders.set(order.id, order);
    ctx.status = 201;
    ctx.set('Location', `/orders/${order.id}`);
    ctx.body = order;
  });
  router.get('/orders/:id', requireLogin, (ctx) => {
    ctx.body = mine(ctx);
  });
  const receipt = (ctx: Context) => {
    const order = mine(ctx);
    ctx.body = { order: order.id, item: order.item, total: '12.00' };
  };
  if (receiptNeedsLogin) router.get('/orders/:id/receipt', requireLogin, receipt);
  else router.get('/orders/:id/receipt', receipt);

  app.use(bodyParser());
  app.use(async (ctx, next) => {
    ctx.state.user = accounts.userOf(ctx.get('authorization'));
    await next();
  });
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}

/** Koa serves through `app.callback()`, a Node listener. */
export const flawed = () => ordersApp(false).callback();
export const correct = () => ordersApp(true).callback();
