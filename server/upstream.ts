import { Buffer } from 'node:buffer';
import { Agent, type IncomingMessage, request as httpRequest } from 'node:http';
import type { HttpRequest, HttpResponse } from '../src/http/message.js';
import { problem, problemResponse } from '../src/http/problem.js';
import { joinedSetCookies, setCookieName } from '../src/http/set-cookie-list.js';
import { forwardedField, type TrustedFronts } from './forwarded-for.js';
import { endToEnd } from './hop-by-hop.js';

/** How long a proxy waits for the upstream's whole response before answering 504. */
export const defaultUpstreamTimeoutMs = 30_000;

/**
 * Connections a proxy keeps to its upstream at most; more requests wait for one to come free. Half the
 * upstream's per-address cap (connection-limits.ts), so the proxy alone never uses up its own address's
 * share of the origin; with no limit, a flood through the proxy opened one upstream connection per request.
 */
export const upstreamMaxSockets = 128;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A proxy's client side: sends an `HttpRequest` to one upstream over kept-alive node:http connections and
 * reads the answer back as an `HttpResponse`. Connection fields are not forwarded (RFC 9110 §7.6.1) and
 * `Via` names this hop in both directions (§7.6.3). An upstream that cannot be reached, times out or sends
 * no UTF-8 text is a 502/504 with problem details, never an exception.
 */
export class Upstream {
  readonly #base: URL;
  /** This hop's `Via` entry; `undefined` for a plain client, which adds none. */
  readonly #via: string | undefined;
  readonly #timeoutMs: number;
  readonly #agent = new Agent({ keepAlive: true, maxSockets: upstreamMaxSockets });
  readonly #fronts: TrustedFronts | undefined;

  /** `fronts`: where a proxy of this process makes its connections known, so that the server behind believes its `Forwarded`. */
  constructor(url: string, via: string | undefined, { timeoutMs = defaultUpstreamTimeoutMs, fronts }: { readonly timeoutMs?: number; readonly fronts?: TrustedFronts } = {}) {
    this.#base = new URL(url);
    if (this.#base.protocol !== 'http:') throw new RangeError(`upstream must be an http: URL, got ${url}`);
    this.#via = via;
    this.#timeoutMs = timeoutMs;
    this.#fronts = fronts;
  }

  send(req: HttpRequest): Promise<HttpResponse> {
    const headers = endToEnd(req.headers);
    if (this.#via !== undefined) {
      headers.via = withVia(req.headers.via, this.#via);
      // A proxy says who its client was (the address it resolved, itself from a trusted front only); what the client wrote there is not passed on.
      delete headers.forwarded;
      delete headers['x-forwarded-for'];
      if (req.clientAddress !== undefined) headers.forwarded = forwardedField(req.clientAddress);
    }
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body, 'utf8'));
    return new Promise<HttpResponse>((resolve) => {
      const outgoing = httpRequest({
        protocol: this.#base.protocol, hostname: this.#base.hostname, port: this.#base.port,
        method: req.method, path: req.path, headers, agent: this.#agent, timeout: this.#timeoutMs,
      });
      if (this.#fronts !== undefined) {
        const fronts = this.#fronts;
        outgoing.on('socket', (socket) => fronts.opened(socket));
      }
      outgoing.on('response', (incoming) => {
        readAll(incoming).then(
          (bytes) => resolve(this.#decoded(incoming, bytes)),
          (error: unknown) => resolve(badGateway(502, `The upstream response broke off: ${String(error)}.`)),
        );
      });
      outgoing.on('timeout', () => outgoing.destroy(new UpstreamTimeout()));
      outgoing.on('error', (error) => {
        resolve(error instanceof UpstreamTimeout
          ? badGateway(504, `The upstream did not answer within ${this.#timeoutMs} ms.`)
          : badGateway(502, `The upstream could not be reached: ${error.message}.`));
      });
      outgoing.end(req.body);
    });
  }

  /** Closes the kept-alive connections to the upstream. */
  close(): void {
    this.#agent.destroy();
  }

  #decoded(incoming: IncomingMessage, bytes: Buffer): HttpResponse {
    const headers: Record<string, string> = {};
    for (const [name, values] of Object.entries(incoming.headersDistinct)) {
      if (values !== undefined) headers[name] = name === setCookieName ? joinedSetCookies(values) : values.join(', ');
    }
    const kept = endToEnd(headers);
    if (this.#via !== undefined) kept.via = withVia(headers.via, this.#via);
    let body: string | undefined;
    try {
      body = bytes.length === 0 ? undefined : strictUtf8.decode(bytes);
    } catch {
      return badGateway(502, 'The upstream sent a body that is not UTF-8 text.');
    }
    return { status: incoming.statusCode ?? 502, headers: kept, body, bodyBytes: bytes.length };
  }
}

class UpstreamTimeout extends Error {}

function withVia(previous: string | undefined, hop: string): string {
  return previous === undefined || previous === '' ? hop : `${previous}, ${hop}`;
}

function readAll(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
    incoming.on('aborted', () => reject(new Error('aborted')));
  });
}

function badGateway(status: 502 | 504, detail: string): HttpResponse {
  return problemResponse(problem(status, status === 502 ? 'bad-gateway' : 'gateway-timeout', status === 502 ? 'Bad Gateway' : 'Gateway Timeout', detail), { 'cache-control': 'no-store' });
}

