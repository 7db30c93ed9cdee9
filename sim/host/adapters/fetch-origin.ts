import type { Maybe } from '../../../src/http/handler.js';
import { type HttpRequest, type HttpResponse, response } from '../../../src/http/message.js';
import { appFailure, type AppFailureKind } from './app-failure.js';
import type { AdaptedApp, AdapterOptions } from './adapted-app.js';
import { GuestRequest } from './guest-request.js';
import { guestResponse } from './guest-response.js';
import { madeBody } from './made-body.js';
import { responseFields } from './response-fields.js';
import { wholeBody } from './whole-body.js';

/** A WHATWG fetch handler: Hono's `app.fetch`, itty-router's, Elysia's, a Remix or Next route handler. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** What `fetchOrigin` serves: an object with `fetch` (a Hono app, `export default { fetch }`) or the bare function. */
export type FetchApp = FetchHandler | { readonly fetch: FetchHandler };

/**
 * A fetch app as the simulated origin. Each simulated request becomes a `Request` for
 * `http://origin.test<path>` (`GuestRequest`), the app's `Response` becomes a plain one with its bytes
 * counted as the app sent them (`guestResponse`). Redirects are answers like any other: nothing here
 * follows a 3xx, since the origin's answer travels back to the client as it is.
 *
 * Whatever the app does wrong (throws, rejects, answers with something that is not a Response, or a body
 * stream that fails) becomes a 500 from the adapter and a call to `onError`, never a failed run.
 */
export function fetchOrigin(app: FetchApp, options: AdapterOptions = {}): AdaptedApp {
  const answer: FetchHandler = typeof app === 'function' ? app : (request) => app.fetch(request);
  const failed = (kind: AppFailureKind, req: HttpRequest, error: unknown): HttpResponse => {
    options.onError?.(error, req);
    return appFailure(kind);
  };
  const translated = (req: HttpRequest, res: unknown): Maybe<HttpResponse> => {
    if (!isResponse(res)) return failed('not-a-response', req, new TypeError(`the app answered ${describe(res)}, not a Response`));
    // `Response.error()` is a network error (status 0), which no server can send: the app failed to answer.
    if (res.status === 0) return failed('not-a-response', req, new TypeError('the app answered Response.error(), a network error'));
    const headers = responseFields(res.headers);
    // No body, or one a HEAD must not carry (RFC 9110 §9.3.2: the GET's fields, no content): answered now,
    // with no read and no microtask.
    if (res.body === null) return guestResponse(res.status, headers, undefined);
    if (req.method === 'HEAD') {
      res.body.cancel().catch(ignore);
      return guestResponse(res.status, headers, undefined);
    }
    // A body made from a string or from bytes is taken as it was made (made-body.ts); for a string,
    // `response()` counts the UTF-8 bytes undici would have sent.
    const made = madeBody(res);
    if (typeof made === 'string') return response(res.status, headers, made);
    if (made !== undefined) return guestResponse(res.status, headers, made);
    // A stream the app writes in pieces is read whole, as a client reads a whole response.
    return wholeBody(res.body).then(
      (bytes) => guestResponse(res.status, headers, bytes),
      (error: unknown) => failed('body-failed', req, error),
    );
  };

  return {
    handle: (req) => {
      let res: Response | Promise<Response>;
      try {
        res = answer(new GuestRequest(req));
      } catch (error) {
        return failed('threw', req, error);
      }
      if (!(res instanceof Promise)) return translated(req, res);
      return res.then((settled) => translated(req, settled), (error: unknown) => failed('threw', req, error));
    },
  };
}

/**
 * A Response by its shape rather than `instanceof`: an app may build it with another copy of undici (the
 * npm package) whose class is not the global one, and that is still a Response.
 */
function isResponse(value: unknown): value is Response {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Response>;
  return typeof candidate.status === 'number' && typeof candidate.headers?.forEach === 'function' && candidate.body !== undefined;
}

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value === 'object' ? `an object (${Object.prototype.toString.call(value)})` : typeof value;
}

function ignore(): void {
  // A cancelled body's stream may reject; nobody is waiting for it.
}
