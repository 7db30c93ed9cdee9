import type { Caller } from './caller.js';
import type { Allowance } from './request-bounds.js';
import { fetchTransport, type Transport } from './transport.js';
import type { SentExchange, WireExchange, WireRequest } from './wire.js';

export { NoResponse } from './transport.js';

export interface RequestOptions {
  /** Whose credential to send; none when left out. */
  readonly as?: Caller | undefined;
  /** Extra headers (lower-case names); they win over the caller's. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body, sent as `application/json` unless `contentType` says otherwise. */
  readonly json?: unknown;
  /** A body sent as it is, under `contentType` (one that is not JSON, to see it refused). */
  readonly raw?: string;
  readonly contentType?: string;
}

/** How long to honour a 429's `Retry-After` at most, and how often: a rate limit slows the suite, never hangs it. */
const maxRetryAfterMs = 10_000;
const max429Retries = 3;

/**
 * Sends requests to one target through its transport: each within `timeoutMs`, each counted by the shared
 * bounds. A 429 with `Retry-After` is waited out (on the transport's clock) and sent again, within the
 * bounds: rate limits are part of a deployment, not a failure of the principle being checked.
 */
export class TargetClient {
  readonly transport: Transport;
  readonly #timeoutMs: number;
  readonly #bounds: Allowance;
  readonly #sent: ((exchange: SentExchange) => void) | undefined;

  /** `sent` hears every exchange as it completes, 429s that are sent again included. */
  constructor(target: string | Transport, timeoutMs: number, bounds: Allowance, sent?: (exchange: SentExchange) => void) {
    this.transport = typeof target === 'string' ? fetchTransport(target) : target;
    this.#timeoutMs = timeoutMs;
    this.#bounds = bounds;
    this.#sent = sent;
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** The same target under another allowance (one check's share), telling `sent` of each exchange. */
  within(bounds: Allowance, sent?: (exchange: SentExchange) => void): TargetClient {
    return new TargetClient(this.transport, this.#timeoutMs, bounds, sent);
  }

  async send(method: string, path: string, options: RequestOptions = {}): Promise<WireExchange> {
    const request = wireRequest(this.baseUrl, method, path, options);
    for (let attempt = 0; ; attempt++) {
      this.#bounds.take(attempt === 0 ? 'request' : 'retry');
      const timeoutMs = Math.max(1, Math.min(this.#timeoutMs, this.#bounds.remainingMs()));
      const response = await this.transport.exchange(request, options.as, timeoutMs);
      const exchange = { request, response };
      this.#sent?.({ ...exchange, as: options.as?.role ?? 'anonymous', to: this.baseUrl });
      const waitMs = response.status === 429 ? retryAfterMs(response.headers['retry-after'], this.transport.nowMs()) : undefined;
      if (waitMs === undefined || attempt >= max429Retries || waitMs > maxRetryAfterMs || waitMs >= this.#bounds.remainingMs()) return exchange;
      await this.transport.wait(waitMs);
    }
  }
}

function wireRequest(baseUrl: string, method: string, path: string, options: RequestOptions): WireRequest {
  const headers: Record<string, string> = { ...options.as?.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  }
  Object.assign(headers, options.headers);
  return { method, url: `${baseUrl.replace(/\/+$/, '')}${path}`, headers, body };
}

/** RFC 9110 §10.2.3: delay-seconds or an HTTP date. */
function retryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
