import { SharedCache } from '../src/cache/shared-cache.js';
import { type HttpResponse, withHeaders } from '../src/http/message.js';
import { cacheName, forwardedStatus, hitStatus } from './cache-status.js';
import { type FrontOptions, httpFront, subscriptionsAtTheOrigin } from './http-front.js';
import { listen, type ListenOptions, type RunningServer } from './listening-server.js';
import { realClockUs } from './real-clock.js';
import { Upstream } from './upstream.js';

export interface CacheProxyOptions extends ListenOptions, Pick<FrontOptions, 'allowedHosts' | 'fronts'> {
  readonly upstreamUrl: string;
  /** What the stored responses may take (see `storedBytes`); default `defaultCacheMaxBytes`, 64 MiB. */
  readonly cacheMaxBytes?: number;
  readonly log?: (line: string) => void;
}

export interface RunningCacheProxy extends RunningServer {
  /** The store, for tests and tools that want to look inside. */
  readonly cache: SharedCache;
}

/**
 * The shared cache as a reverse proxy on a real socket, doing what `sim/nodes/cache.ts` does on the virtual
 * one: `SharedCache` decides (hit, miss, revalidation, bypass, invalidation on a write), this moves the
 * messages, with the real clock. A hit never reaches the upstream; anything else goes there as the lookup
 * says (with validators when revalidating) and its response is stored, merged or used to invalidate on the
 * way back. `Cache-Status` (RFC 9211) tells the client which it was; `Age` is the store's.
 */
export async function startCacheProxy(options: CacheProxyOptions): Promise<RunningCacheProxy> {
  const cache = new SharedCache({ maxBytes: options.cacheMaxBytes });
  const now = realClockUs();
  const upstream = new Upstream(options.upstreamUrl, `1.1 ${cacheName}`, { fronts: options.fronts });
  const server = httpFront(async (req) => {
    const lookup = cache.lookup(req, now());
    // A stored response keeps the `Via` it came through with, this hop included.
    if (lookup.kind === 'hit') return withStatus(lookup.response, hitStatus());
    const res = await upstream.send(lookup.request);
    // A 502 from the gateway goes through the store too, so the request's bookkeeping (its write fence)
    // ends as it would for any upstream answer; nothing in it is storable.
    const outcome = cache.onResponse(lookup, res, now());
    return withStatus(outcome.response, forwardedStatus(lookup, res.status, outcome));
  }, { ...options, upgradeRefusalDetail: subscriptionsAtTheOrigin(options.upstreamUrl) });
  const running = await listen(server, options);
  return {
    url: running.url,
    cache,
    close: async () => {
      await running.close();
      upstream.close();
    },
  };
}

function withStatus(res: HttpResponse, cacheStatus: string): HttpResponse {
  return { ...res, headers: withHeaders(res.headers, { 'cache-status': cacheStatus }) };
}
