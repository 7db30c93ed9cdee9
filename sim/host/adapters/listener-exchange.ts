import { EventEmitter } from 'node:events';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest } from '../../../src/http/message.js';
import { guestHost } from './guest-url.js';

/**
 * The connection a request and its response believe they came on: what Node's own `http` server hands a
 * listener, minus the wire. Writes are taken and done on the next tick, as a socket's are (so the response's
 * `finish` comes after `end()` has returned, as on a real connection); nothing is sent anywhere, since the
 * body is taken where the app writes it (`ListenerExchange`).
 */
class GuestSocket extends EventEmitter {
  readonly remoteAddress = '127.0.0.1';
  readonly remoteFamily = 'IPv4';
  readonly remotePort = 0;
  // Readable, or a request would look finished to Express's body parsers (on-finished): its body is in already.
  readonly readable = true;
  readonly writable = true;
  readonly writableLength = 0;
  readonly _writableState = { corked: 0 };
  destroyed = false;
  _httpMessage: unknown = null;
  readonly #onDestroy: (error: unknown) => void;

  constructor(onDestroy: (error: unknown) => void) {
    super();
    this.#onDestroy = onDestroy;
  }

  write(_data: unknown, encoding?: unknown, callback?: unknown): boolean {
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  }

  destroy(error?: unknown): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.#onDestroy(error);
    return this;
  }

  resume(): void {
    // The request's body was pushed whole: there is nothing to read from here.
  }

  pause(): void {
    // As resume.
  }

  cork(): void {
    // Nothing is sent, so nothing waits to be sent together.
  }

  uncork(): void {
    // As cork.
  }

  setTimeout(): this {
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }
}

const bodyChunks = Symbol('apisim.bodyChunks');

/** A response with the body the app has written so far. */
type GuestResponse = ServerResponse & { [bodyChunks]: Buffer[]; _hasBody: boolean };


/**
 * Keeps a chunk the app wrote, once Node's own `write` or `end` has taken it (and decided, with the status,
 * whether the response may carry a body at all: `_hasBody`).
 */
function keep(res: GuestResponse, chunk: unknown, encoding: unknown): void {
  if (chunk === undefined || chunk === null || typeof chunk === 'function' || !res._hasBody) return;
  res[bodyChunks].push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array));
}

// One pair for every response, rather than a closure each: a request allocates enough already.
function guestWrite(this: GuestResponse, chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
  const more = ServerResponse.prototype.write.call(this, chunk as never, encoding as never, callback as never);
  keep(this, chunk, encoding);
  return more;
}

function guestEnd(this: GuestResponse, chunk?: unknown, encoding?: unknown, callback?: unknown): ServerResponse {
  const ended = this.writableEnded;
  ServerResponse.prototype.end.call(this, chunk as never, encoding as never, callback as never);
  if (!ended) keep(this, chunk, encoding);
  return this;
}

/** What came of one exchange: the response ended, or it was destroyed first (with the error, if one was given). */
export type ListenerOutcome =
  | { readonly ended: true; readonly status: number; readonly res: ServerResponse; readonly body: Uint8Array | undefined }
  | { readonly ended: false; readonly error: unknown };

/**
 * One simulated request as the `(req, res)` pair Node's `http` server would hand a listener: a real
 * `IncomingMessage` (method, path and query, the request's fields plus `host: origin.test` when it has none,
 * `content-length` of a body, the body itself, already whole) and a real `ServerResponse` on a `GuestSocket`.
 * Real classes, so every framework finds what it looks for (Express fits its own prototypes onto them, as on
 * a socket), and no macrotask stands between the request and its answer: the body is there at once, and
 * the answer is `outcome` as soon as the response finishes.
 *
 * The body is taken where the app writes it (`write` and `end`, set on the response itself so that they stay
 * when a framework changes its prototype), and only while the response may carry one (`_hasBody`: not for a
 * HEAD, a 204 or a 304, which Node's own response refuses a body).
 */
export function listenerExchange(sim: HttpRequest, settle: (outcome: ListenerOutcome) => void): { readonly req: IncomingMessage; readonly res: ServerResponse } {
  let settled = false;
  const once = (outcome: ListenerOutcome): void => {
    if (settled) return;
    settled = true;
    settle(outcome);
  };
  const socket = new GuestSocket((error) => once({ ended: false, error }));
  const req = new IncomingMessage(socket as never);
  req.method = sim.method;
  req.url = sim.path;
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  const headers: Record<string, string> = { ...sim.headers };
  if (!('host' in headers)) headers.host = guestHost;
  if (sim.body !== undefined && !('content-length' in headers)) headers['content-length'] = String(Buffer.byteLength(sim.body));
  req.headers = headers;
  const rawHeaders: string[] = [];
  for (const name of Object.keys(headers)) rawHeaders.push(name, headers[name]!);
  req.rawHeaders = rawHeaders;
  if (sim.body !== undefined) req.push(sim.body);
  req.push(null);
  req.complete = true;

  const res = new ServerResponse(req) as GuestResponse;
  res.assignSocket(socket as never);
  res[bodyChunks] = [];
  // Set on the response itself, so that they stay when a framework changes its prototype (Express does).
  res.write = guestWrite as GuestResponse['write'];
  res.end = guestEnd as GuestResponse['end'];
  res.once('finish', () => {
    const chunks = res[bodyChunks];
    once({ ended: true, status: res.statusCode, res, body: chunks.length === 0 ? undefined : Buffer.concat(chunks) });
    // A real server's response closes after it finishes; frameworks listen for either.
    process.nextTick(() => res.emit('close'));
  });
  return { req, res };
}
