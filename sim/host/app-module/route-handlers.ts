import type { FetchHandler } from '../adapters/fetch-origin.js';

/** The methods a Next.js route file may export a handler for. */
const routeMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

type RouteHandler = (request: Request, context: { readonly params: Promise<Record<string, string>> }) => Response | Promise<Response>;

/**
 * A module of route handlers, one exported function per method, as a Next.js `route.ts` is written
 * (`export async function GET(request) {…}`), as one fetch app serving every path; undefined when the
 * module exports no such function. What Next.js itself adds is added the same way: HEAD is answered by GET
 * when there is no HEAD handler, OPTIONS (when not exported) answers 204 with `Allow`, and any other method
 * gets 405 with `Allow` (RFC 9110 §15.5.6). A handler gets Next.js's second argument, with no route
 * parameters: the simulator has one route file, not a folder of them.
 */
export function routeHandlers(ns: Readonly<Record<string, unknown>>): FetchHandler | undefined {
  const handlers = new Map<string, RouteHandler>();
  for (const method of routeMethods) {
    const handler = ns[method];
    if (typeof handler === 'function') handlers.set(method, handler as RouteHandler);
  }
  if (handlers.size === 0) return undefined;
  if (!handlers.has('HEAD') && handlers.has('GET')) handlers.set('HEAD', handlers.get('GET')!);
  const allow = [...new Set([...handlers.keys(), 'OPTIONS'])].join(', ');
  const routes: FetchHandler = (request) => {
    const handler = handlers.get(request.method);
    if (handler !== undefined) return handler(request, { params: Promise.resolve({}) });
    return new Response(null, { status: request.method === 'OPTIONS' ? 204 : 405, headers: { allow } });
  };
  return routes;
}
