import type { Caller } from './caller.js';
import type { Allowance } from './request-bounds.js';
import type { WireExchange, WireRequest, WireResponse } from './wire.js';

/** No response arrived: the connection failed or the per-request timeout passed. */
export class NoResponse extends Error {
  override readonly name = 'NoResponse';
  readonly request: WireRequest;

  constructor(message: string, request: WireRequest) {
    super(message);
    this.request = request;
  }
}

export interface RequestOptions {
  /** Whose credential to send; none when left out. */
  readonly as?: Caller | undefined;
  /** Extra headers (lower-case names); they win over the caller's. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body, sent as `application/json` unless `contentType` says otherwise. */
  readonly json?: unknown;
  readonly contentType?: string;
}

/** How long to honour a 429's `Retry-After` at most, and how often: a rate limit slows the suite, never hangs it. */
const maxRetryAfterMs = 10_000;
const max429Retries = 3;

/**
 * Sends requests to one base URL with the global `fetch`: each within `timeoutMs`, each counted by the shared
 * bounds, redirects not followed (a check judges what the target said, not where it pointed). A 429 with
 * `Retry-After` is waited out and sent again, within the bounds: rate limits are part of a deployment, not a
 * failure of the principle being checked.
 */
export class TargetClient {
  readonly baseUrl: string;
  readonly #timeoutMs: number;
  readonly #bounds: Allowance;

  constructor(baseUrl: string, timeoutMs: number, bounds: Allowance) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = timeoutMs;
    this.#bounds = bounds;
  }

  /** The same target under another allowance (one check's share). */
  within(bounds: Allowance): TargetClient {
    return new TargetClient(this.baseUrl, this.#timeoutMs, bounds);
  }

  async send(method: string, path: string, options: RequestOptions = {}): Promise<WireExchange> {
    const request = wireRequest(this.baseUrl, method, path, options);
    for (let attempt = 0; ; attempt++) {
      const response = await this.#once(request, attempt === 0 ? 'request' : 'retry');
      const exchange = { request, response };
      const waitMs = response.status === 429 ? retryAfterMs(response.headers['retry-after']) : undefined;
      if (waitMs === undefined || attempt >= max429Retries || waitMs > maxRetryAfterMs || waitMs >= this.#bounds.remainingMs()) return exchange;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  async #once(request: WireRequest, kind: 'request' | 'retry'): Promise<WireResponse> {
    this.#bounds.take(kind);
    const timeoutMs = Math.max(1, Math.min(this.#timeoutMs, this.#bounds.remainingMs()));
    const started = performance.now();
    try {
      const res = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await res.text();
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers[name] = value;
      });
      return { status: res.status, headers, setCookies: res.headers.getSetCookie(), body, elapsedMs: performance.now() - started };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      const why = timedOut ? `no response within ${timeoutMs} ms` : `no response: ${causeOf(error)}`;
      throw new NoResponse(`${request.method} ${request.url}: ${why}`, request);
    }
  }
}

function wireRequest(baseUrl: string, method: string, path: string, options: RequestOptions): WireRequest {
  const headers: Record<string, string> = { ...options.as?.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  Object.assign(headers, options.headers);
  return { method, url: `${baseUrl.replace(/\/+$/, '')}${path}`, headers, body };
}

/** RFC 9110 §10.2.3: delay-seconds or an HTTP date. */
function retryAfterMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
