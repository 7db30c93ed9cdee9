import { andThen } from '../http/handler.js';
import { type HttpRequest, type HttpResponse, response } from '../http/message.js';
import type { RequestContext } from './request-context.js';
import type { Next } from './stage.js';

/**
 * HEAD is GET without the content (RFC 9110 §9.3.2): the same gates, the same status and headers. Handled
 * here once, as Hono does, so no stage or route after this one ever sees HEAD.
 */
export function headAsGet<C extends RequestContext>(next: Next<C>): Next<C> {
  return (req, ctx) => (req.method === 'HEAD' ? andThen(next({ ...req, method: 'GET' }, ctx), withoutContent) : next(req, ctx));
}

/** The answer to a HEAD: status and headers only, a refusal included (found by the fuzz properties). */
export function answerTo(req: HttpRequest, res: HttpResponse): HttpResponse {
  return req.method === 'HEAD' ? withoutContent(res) : res;
}

function withoutContent(res: HttpResponse): HttpResponse {
  return response(res.status, res.headers);
}
