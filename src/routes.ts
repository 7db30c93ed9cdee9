import type { Login } from './auth/login.js';
import type { GraphEndpoint } from './graph/endpoint.js';
import { type HttpResponse, withHeaders } from './http/message.js';
import { forbidden, methodNotAllowed, notFound } from './http/problem.js';
import { handleNotes } from './notes/routes.js';
import type { NotesStore } from './notes/store.js';
import { handleOrders, type OrderExistence } from './orders/routes.js';
import type { OrdersStore } from './orders/store.js';
import { callerOf, type RequestContext } from './pipeline/request-context.js';
import type { Next } from './pipeline/stage.js';
import { handlePosts } from './posts/routes.js';
import type { PostsStore } from './posts/store.js';
import { handleUsersAs } from './users/gate-two.js';
import type { UsersStore } from './users/store.js';

export interface Resources {
  readonly graph: GraphEndpoint;
  readonly orders: OrdersStore;
  readonly notes: NotesStore;
  readonly users: UsersStore;
  readonly posts: PostsStore;
  readonly login: Login;
  readonly orderExistence: OrderExistence;
}

/**
 * The last stage: which resource answers which path. Each resource asks gate 2 itself, through the caller's
 * guard, before it looks anything up. Any handler of the same shape can stand here instead.
 */
export function resourceRoutes(r: Resources): Next {
  const stores = { users: r.users, posts: r.posts };
  return (req, ctx: RequestContext) => {
    const { pathname, query } = ctx;
    const { guard } = callerOf(ctx);
    if (pathname === '/graphql') return r.graph.handle(req, guard);
    if (pathname === '/orders' || pathname.startsWith('/orders/')) return handleOrders(r.orders, req, pathname, guard, r.orderExistence);
    if (pathname === '/notes' || pathname.startsWith('/notes/')) return handleNotes(r.notes, req, pathname, query, guard);
    if (pathname === '/users' || pathname.startsWith('/users/')) return handleUsersAs(guard, stores, req, pathname, query);
    if (pathname === '/posts' || pathname.startsWith('/posts/')) return handlePosts(r.posts, req, pathname, query, guard);
    if (pathname === '/sessions/current') {
      if (req.method !== 'DELETE') return methodNotAllowed(req.method, ['DELETE']);
      const access = guard.access({ action: 'delete', resource: 'sessions' }, { resource: 'sessions' });
      return access.allow ? clearingCaches(r.login.logout(guard.subject)) : forbidden(access.reason);
    }
    return notFound(pathname);
  };
}

/**
 * A logout asks every cache on the way to forget what it stored for the session (W3C Clear-Site-Data): the
 * shared cache discards those responses (`SharedCache`), so the revoked session is refused on its very next
 * request, even one the cache would have answered; a browser clears its own copies too.
 */
function clearingCaches(res: HttpResponse): HttpResponse {
  return res.status === 204 ? { ...res, headers: withHeaders(res.headers, { 'clear-site-data': '"cache"' }) } : res;
}
