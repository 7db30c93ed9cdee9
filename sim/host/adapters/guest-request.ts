import type { HttpRequest } from '../../../src/http/message.js';
import { guestHost, guestOrigin } from './guest-url.js';

const utf8 = new TextEncoder();

/** undici's Request behind a GuestRequest, for the properties the class does not name (set in its static block). */
let realOf: (request: GuestRequest) => Request;

/** The message undici gives for a second read, so an app sees the same error either way. */
const bodyUnusable = 'Body is unusable: Body has already been read';

/**
 * The WHATWG `Request` a fetch handler receives for one simulated request. It is a `Request` (`instanceof`
 * holds, every property and method is there) but builds undici's object only when the app asks for
 * something beyond method, url, headers and reading the body whole: undici's constructor makes a
 * ReadableStream for every body, and constructing and reading it costs tens of microseconds, several
 * simulated round trips of apisim's own origin. @hono/node-server lends its apps a lightweight Request for
 * the same reason; this is that idea, made for a body that is already a string.
 *
 * A GET or HEAD carries no body here: WHATWG `Request` cannot have one (undici's constructor throws), and a
 * body on those methods has no defined meaning (RFC 9110 §9.3.1).
 */
export class GuestRequest implements Request {
  readonly #message: HttpRequest;
  #headers: Headers | undefined;
  /** undici's Request, once something only it can answer was asked for. */
  #real: Request | undefined;
  /** The body was read through the fast path (text, json, arrayBuffer, bytes) before `#real` existed. */
  #read = false;

  static {
    realOf = (request) => request.#realRequest();
  }

  constructor(message: HttpRequest) {
    this.#message = message;
  }

  get method(): string {
    return this.#message.method;
  }

  get url(): string {
    return guestOrigin + this.#message.path;
  }

  /** The simulated request's fields, and `host` when it has none: HTTP/1.1 requires one (RFC 9112 §3.2). */
  get headers(): Headers {
    if (this.#headers === undefined) {
      this.#headers = new Headers(this.#message.headers);
      if (this.#message.headers.host === undefined) this.#headers.set('host', guestHost);
    }
    return this.#headers;
  }

  get bodyUsed(): boolean {
    return this.#real === undefined ? this.#read : this.#real.bodyUsed;
  }

  text(): Promise<string> {
    if (this.#real !== undefined) return this.#real.text();
    const body = this.#body();
    if (body === undefined) return Promise.resolve('');
    if (this.#read) return Promise.reject(new TypeError(bodyUnusable));
    this.#read = true;
    return Promise.resolve(body);
  }

  json(): Promise<unknown> {
    if (this.#real !== undefined) return this.#real.json();
    return this.text().then(JSON.parse);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#real !== undefined) return this.#real.arrayBuffer();
    return this.text().then((text) => wholeBuffer(encoded(text)));
  }

  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#real !== undefined) return this.#real.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    return this.text().then(encoded);
  }

  get body(): ReadableStream | null {
    return this.#realRequest().body;
  }

  blob(): Promise<Blob> {
    return this.#realRequest().blob();
  }

  formData(): Promise<FormData> {
    return this.#realRequest().formData();
  }

  clone(): Request {
    return this.#realRequest().clone();
  }

  get cache(): Request['cache'] {
    return this.#realRequest().cache;
  }

  get credentials(): Request['credentials'] {
    return this.#realRequest().credentials;
  }

  get destination(): Request['destination'] {
    return this.#realRequest().destination;
  }

  get integrity(): string {
    return this.#realRequest().integrity;
  }

  get mode(): Request['mode'] {
    return this.#realRequest().mode;
  }

  get redirect(): Request['redirect'] {
    return this.#realRequest().redirect;
  }

  get referrer(): string {
    return this.#realRequest().referrer;
  }

  get referrerPolicy(): Request['referrerPolicy'] {
    return this.#realRequest().referrerPolicy;
  }

  get keepalive(): boolean {
    return this.#realRequest().keepalive;
  }

  get signal(): AbortSignal {
    return this.#realRequest().signal;
  }

  // undici's member, which the DOM's Request type lacks: a project whose types include the DOM (TypeScript's
  // default lib, or a dependency's `/// <reference lib="dom" />`, as graphql-yoga's has) must still compile this.
  get duplex(): 'half' {
    return (this.#realRequest() as Request & { readonly duplex: 'half' }).duplex;
  }

  #body(): string | undefined {
    const { method, body } = this.#message;
    return method === 'GET' || method === 'HEAD' ? undefined : body;
  }

  /**
   * undici's Request, built once; if the body was already read here, it is read there too, as `bodyUsed`
   * says. It gets a copy of the header fields as they are now: an app that reaches for undici's parts
   * (the stream, the signal) and edits a field afterwards edits only `headers`, which it reads here anyway.
   */
  #realRequest(): Request {
    if (this.#real !== undefined) return this.#real;
    const real = new Request(this.url, { method: this.method, headers: this.headers, body: this.#body() ?? null });
    if (this.#read) void real.arrayBuffer();
    this.#real = real;
    return real;
  }
}

function encoded(text: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(text);
}

/** The bytes' own ArrayBuffer, copied only if the view is a window on a larger one. */
function wholeBuffer(bytes: Uint8Array<ArrayBuffer>): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  return byteOffset === 0 && byteLength === buffer.byteLength ? buffer : buffer.slice(byteOffset, byteOffset + byteLength);
}

// `instanceof Request` holds, and a property a later Node adds to Request (or one the types do not list)
// still answers, from undici's object, instead of throwing on a receiver that is not undici's own.
Object.setPrototypeOf(GuestRequest.prototype, Request.prototype);
const own = new Set(Object.getOwnPropertyNames(GuestRequest.prototype));
for (const name of Object.getOwnPropertyNames(Request.prototype)) {
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name);
  if (own.has(name) || descriptor === undefined) continue;
  const value: unknown = descriptor.value;
  if (descriptor.get !== undefined) {
    const inherited = descriptor;
    Object.defineProperty(GuestRequest.prototype, name, { configurable: true, get(this: GuestRequest): unknown { return inherited.get?.call(realOf(this)); } });
  } else if (typeof value === 'function') {
    const method = value as (...args: unknown[]) => unknown;
    Object.defineProperty(GuestRequest.prototype, name, {
      configurable: true, writable: true, value(this: GuestRequest, ...args: unknown[]): unknown { return method.apply(realOf(this), args); },
    });
  }
}

// `new Request(request, init)` and `fetch(request)` (a middleware that changes a field, a proxy) read the
// input's internal slots, which undici keeps under symbols of its own on each instance: each answers from
// the Request behind, so a GuestRequest can be wrapped as a real one can. (A Node whose undici keeps them in
// private fields would refuse it as a `Request`; the guest-request tests would say so.)
for (const slot of Object.getOwnPropertySymbols(new Request(guestOrigin))) {
  Object.defineProperty(GuestRequest.prototype, slot, { configurable: true, get(this: GuestRequest): unknown { return Reflect.get(realOf(this), slot); } });
}
