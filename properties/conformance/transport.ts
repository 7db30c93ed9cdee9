import type { Caller } from './caller.js';
import type { WireRequest, WireResponse } from './wire.js';

/** No response arrived: the connection failed or the per-request timeout passed. */
export class NoResponse extends Error {
  override readonly name: string = 'NoResponse';
  readonly request: WireRequest;

  constructor(message: string, request: WireRequest) {
    super(message);
    this.request = request;
  }
}

/**
 * No response on a simulated line that loses messages by design: the line's outcome, not the service's. A
 * check that meets one could not finish, and says so; it is not an error of the run.
 */
export class LostOnTheLine extends NoResponse {
  override readonly name = 'LostOnTheLine';
}

/**
 * How the checks reach a target: over sockets with `fetch` (`fetchTransport`), or through the simulator
 * (`properties/targets/session-transport.ts`). The checks see only requests and responses, so they run the same
 * on both.
 */
export interface Transport {
  /** The absolute URL requests are addressed to; in the simulator, a name that reaches nothing real. */
  readonly baseUrl: string;
  /** Sends one request and waits for its whole response, or throws `NoResponse`. `as` is whose credential it carries (already in its headers), if anyone's. */
  exchange(request: WireRequest, as: Caller | undefined, timeoutMs: number): Promise<WireResponse>;
  /** Waits before a re-send after a 429; in the simulator, on its virtual clock. */
  wait(ms: number): Promise<void>;
  /** Now, in milliseconds on this transport's clock: for a `Retry-After` written as a date. */
  nowMs(): number;
}

/** A deployment at a base URL, reached with the global `fetch`; redirects are not followed (a check judges what the target said, not where it pointed). */
export function fetchTransport(baseUrl: string): Transport {
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    async exchange(request, _as, timeoutMs) {
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
    },
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    nowMs: () => Date.now(),
  };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
