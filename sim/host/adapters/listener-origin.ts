import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';
import type { HttpRequest, HttpResponse } from '../../../src/http/message.js';
import { appFailure } from './app-failure.js';
import type { AdaptedApp, AdapterOptions } from './adapted-app.js';
import { guestResponse } from './guest-response.js';
import { guestHost } from './guest-url.js';
import { outgoingFields } from './outgoing-fields.js';

/** A Node request listener: `express()`, Koa's `app.callback()`, a `node:http` handler. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => unknown;

/** What an async listener rejected with, carried through light-my-request's failure to the adapter. */
class ListenerRejection extends Error {
  constructor(readonly reason: unknown) {
    super('the listener rejected');
  }
}

/**
 * A Node listener as the simulated origin, driven in-process by light-my-request (the library behind
 * Fastify's `inject`): no socket, no port. The listener sees `GET /path?query`, the simulated request's
 * fields, `host: origin.test` when there is none, and, when the client sent no `user-agent`,
 * light-my-request's own `user-agent: lightMyRequest`, as in every Fastify test.
 *
 * The answer's fields are those the app set (`res.getHeaders()`): Node's automatic `date` is the wall
 * clock, which would make a run depend on when it ran, and its `connection` and `transfer-encoding` are
 * hop-by-hop framing (RFC 9110 §7.6.1) that the simulator does not model. Its body is counted in the bytes
 * the app wrote; a body written to a HEAD is dropped by Node's own `ServerResponse`, as on a socket; and
 * redirects are answers like any other.
 *
 * A listener that throws, rejects, or destroys its response gets a 500 from the adapter and a call to
 * `onError`. One that never ends its response never settles here: light-my-request has no clock of the
 * simulator's to time out on (docs/adapters.md).
 */
export function listenerOrigin(listener: RequestListener, options: AdapterOptions = {}): AdaptedApp {
  // Express's app carries its own request and response prototypes, and light-my-request re-parents them
  // onto its own only when it is handed the app itself; Express catches its handlers' errors anyway.
  const guarded = !carriesOwnPrototypes(listener);
  if (!guarded) ownPrototypes(listener as RequestListener & ExpressLike);
  const failed = (req: HttpRequest, error: unknown): HttpResponse => {
    const destroyed = (error as { code?: unknown } | null)?.code === 'LIGHT_ECONNRESET';
    options.onError?.(error instanceof ListenerRejection ? error.reason : error, req);
    return appFailure(destroyed ? 'response-destroyed' : 'threw');
  };
  return {
    handle: (req) => {
      const dispatch = guarded ? guard(listener, (error) => options.onError?.(error, req)) : listener;
      return new Promise<inject.Response>((resolve, reject) => {
        inject(
          dispatch,
          // Options this adapter builds need no schema check; skipping it saves a validation per request.
          { method: req.method, url: req.path, headers: req.headers, payload: req.body, authority: guestHost, validate: false },
          (error, res) => {
            if (error) reject(error);
            else if (res) resolve(res);
            else reject(new Error('light-my-request ended with neither a response nor an error'));
          },
        );
      }).then(
        (res) => guestResponse(res.statusCode, outgoingFields(res.raw.res.getHeaders()), res.rawPayload),
        (error: unknown) => failed(req, error),
      );
    },
  };
}

/** An Express app: `app.request` and `app.response` are made from Express's shared `req` and `res`. */
interface ExpressLike {
  readonly request: object;
  readonly response: object;
}

/** light-my-request's own test for an Express app. */
function carriesOwnPrototypes(listener: RequestListener): boolean {
  const request = (listener as { request?: { app?: unknown } }).request;
  return request?.app === listener;
}

/**
 * light-my-request re-parents the prototype of `app.request` (and of `app.response`) onto its own request
 * and response. That prototype is Express's module-wide `req` (and `res`): every other Express app in the
 * process would then break on a real socket (an agreement run serves one over HTTP beside the simulator).
 * So this app gets its own copies first, and light-my-request re-parents those.
 */
function ownPrototypes(app: ExpressLike): void {
  for (const made of [app.request, app.response]) {
    const shared: object | null = Object.getPrototypeOf(made) as object | null;
    if (shared === null) continue;
    const copy = Object.create(Object.getPrototypeOf(shared) as object | null, Object.getOwnPropertyDescriptors(shared)) as object;
    Object.setPrototypeOf(made, copy);
  }
}

/**
 * The listener, with an async one's rejection ending its response: unanswered, so light-my-request fails
 * and the adapter answers 500. A rejection after the response ended changes nothing the client sees and
 * is only reported. (A synchronous throw needs no guard: light-my-request's promise already rejects.)
 */
function guard(listener: RequestListener, lateError: (error: unknown) => void): RequestListener {
  return (req, res) => {
    const result = listener(req, res);
    if (!isThenable(result)) return;
    result.then(undefined, (error: unknown) => {
      if (res.writableEnded) lateError(error);
      else res.destroy(new ListenerRejection(error));
    });
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
