import type { HttpRequest, HttpResponse } from '../http/message.js';
import { methodProperties } from '../http/methods.js';
import { cacheKey } from './cache-key.js';

/**
 * RFC 9111 §4.4, which http-cache-semantics leaves to its caller: a non-error response (2xx or 3xx) to an
 * unsafe method, or to a method whose safety is unknown, invalidates the target URI, and may invalidate the
 * URIs in `Location` and `Content-Location`, but never another origin's. Returns the cache keys to discard,
 * the target first; none for a safe method or an error.
 */
export function invalidationTargets(req: HttpRequest, res: HttpResponse): readonly string[] {
  if (methodProperties(req.method).safe || res.status < 200 || res.status >= 400) return [];
  const targets = [cacheKey(req.path)];
  for (const value of [res.headers.location, res.headers['content-location']]) {
    if (value === undefined) continue;
    const resolved = sameOriginKey(value, req.path);
    const key = resolved === undefined ? undefined : cacheKey(resolved);
    if (key !== undefined && !targets.includes(key)) targets.push(key);
  }
  return targets;
}

/**
 * An absolute path of unreserved characters and no dot segment (the `Location` of a created note,
 * `/notes/3`): resolving it changes nothing, so it is its own key. The URL parser costs about 1.6 µs a
 * call, which every created note paid in the simulated cache; a property checks the shortcut against it.
 */
const plainAbsolutePath = /^\/(?![/\\])[A-Za-z0-9_~/-]*$/;

/** Stands for our own origin, which no request names: only references resolved against it stay on it. */
const ownOrigin = 'http://origin.invalid';

/**
 * The cache key (path and query) a `Location`-style reference names, or `undefined` when it may name
 * another origin. A reference with a scheme or an authority is refused outright: requests carry neither,
 * so we cannot tell whether it is ours, and §4.4 forbids invalidating another origin's entries. A relative
 * one (`/notes/3`, `3`, `../x`) is resolved against the request's path, as RFC 3986 §5 asks.
 */
export function sameOriginKey(reference: string, requestPath: string): string | undefined {
  const ref = reference.trim();
  if (plainAbsolutePath.test(ref) && plainAbsolutePath.test(requestPath)) return ref;
  return parsedSameOriginKey(ref, requestPath);
}

/** `sameOriginKey` by the WHATWG URL parser alone, for a trimmed reference. */
export function parsedSameOriginKey(ref: string, requestPath: string): string | undefined {
  if (ref === '' || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return undefined;
  let url: URL;
  try {
    url = new URL(ref, new URL(requestPath, ownOrigin));
  } catch {
    return undefined;
  }
  // `//host/x` and `\\host\x` (WHATWG URL reads a backslash as a slash) name an authority.
  return url.origin === ownOrigin ? url.pathname + url.search : undefined;
}
