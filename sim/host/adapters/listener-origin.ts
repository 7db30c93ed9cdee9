import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from '../../../src/http/message.js';
import { appFailure } from './app-failure.js';
import type { AdaptedApp, AdapterOptions } from './adapted-app.js';
import { guestResponse } from './guest-response.js';
import { listenerExchange, type ListenerOutcome } from './listener-exchange.js';
import { outgoingFields } from './outgoing-fields.js';

/** A Node request listener: `express()`, Koa's `app.callback()`, Fastify's `routing`, a `node:http` handler. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => unknown;

/** What an async listener rejected with, carried through the response it destroyed to the adapter. */
class ListenerRejection extends Error {
  constructor(readonly reason: unknown) {
    super('the listener rejected');
  }
}

/**
 * A Node listener as the simulated origin, driven in-process: each simulated request becomes the real
 * `IncomingMessage` and `ServerResponse` Node's `http` server would hand it (`listenerExchange`), on no
 * socket and no port. The listener sees `GET /path?query`, the simulated request's fields, and
 * `host: origin.test` when there is none.
 *
 * The answer's fields are those the app set (`res.getHeaders()`): Node's automatic `date` is the wall
 * clock, which would make a run depend on when it ran, and its `connection` and `transfer-encoding` are
 * hop-by-hop framing (RFC 9110 §7.6.1) that the simulator does not model. Its body is counted in the bytes
 * the app wrote; a body written to a HEAD is dropped by Node's own `ServerResponse`, as on a socket; and
 * redirects are answers like any other.
 *
 * A listener that throws, rejects, or destroys its response gets a 500 from the adapter and a call to
 * `onError`. One that never ends its response never settles here: only the world lent to the app knows
 * when nothing else is left to wait for (docs/adapters.md).
 */
export function listenerOrigin(listener: RequestListener, options: AdapterOptions = {}): AdaptedApp {
  const answer = (req: HttpRequest, outcome: ListenerOutcome): HttpResponse => {
    if (outcome.ended) return guestResponse(outcome.status, outgoingFields(outcome.res.getHeaders()), outcome.body);
    const { error } = outcome;
    options.onError?.(error instanceof ListenerRejection ? error.reason : (error ?? new Error('the app destroyed its response before ending it')), req);
    return appFailure(error === undefined ? 'response-destroyed' : 'threw');
  };
  return {
    handle: (req) => new Promise<HttpResponse>((resolve) => {
      const { req: incoming, res } = listenerExchange(req, (outcome) => resolve(answer(req, outcome)));
      let result: unknown;
      try {
        result = listener(incoming, res);
      } catch (error) {
        res.destroy(new ListenerRejection(error));
        return;
      }
      // An async listener's rejection ends its response unanswered, so the adapter answers 500; one after the
      // response ended changes nothing the client sees and is only reported.
      if (isThenable(result)) {
        result.then(undefined, (error: unknown) => {
          if (res.writableEnded) options.onError?.(error, req);
          else res.destroy(new ListenerRejection(error));
        });
      }
    }),
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
