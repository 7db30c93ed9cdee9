import { andThen } from '../http/handler.js';
import { type HttpResponse, withHeaders } from '../http/message.js';
import type { RequestContext } from './request-context.js';
import type { Next } from './stage.js';

/**
 * A response to an identified caller is `private` unless its resource says otherwise: a shared cache must not
 * store it for someone else (RFC 9111 §5.2.2.7). Deny by default, for caching too.
 */
export function privateByDefault<C extends RequestContext>(next: Next<C>): Next<C> {
  return (req, ctx) => andThen(next(req, ctx), markedPrivate);
}

const privateOnly = { 'cache-control': 'private' } as const;

function markedPrivate(res: HttpResponse): HttpResponse {
  return res.headers['cache-control'] === undefined ? { ...res, headers: withHeaders(res.headers, privateOnly) } : res;
}
