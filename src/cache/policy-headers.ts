import type CachePolicy from 'http-cache-semantics';
import type { HttpRequest, HttpResponse } from '../http/message.js';
import { cacheKey } from './cache-key.js';

/** Our messages in the library's shape. The URL is the cache key: the path with its query, an empty one dropped. */
export function policyRequest(req: HttpRequest): CachePolicy.HttpRequest {
  return { method: req.method, url: cacheKey(req.path), headers: req.headers };
}

export function policyResponse(res: HttpResponse): CachePolicy.HttpResponse {
  return { status: res.status, headers: res.headers };
}

/** The library's headers may hold lists or holes; ours are single strings (lists joined with ", "). */
export function fromPolicyHeaders(headers: CachePolicy.Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return out;
}
