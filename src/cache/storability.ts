import type CachePolicy from 'http-cache-semantics';
import type { HttpRequest, HttpResponse } from '../http/message.js';
import { directives } from './cache-control.js';

/**
 * Why a response to a cacheable method is not kept, or `undefined` to keep it. The library decides what
 * may be stored (RFC 9111 §3, shared: `private`, `no-store`, §3.5 `Authorization`); on top of that we keep
 * nothing that could never be used (RFC 9111 never obliges a cache to store): a response whose `Vary` has a
 * `*` member, which §4.1 says never matches a request, and a response that is stale on arrival with no
 * validator to revalidate it with. Other reason strings only explain, in the trace, a decision the library
 * has already made.
 */
export function whyNotStored(req: HttpRequest, res: HttpResponse, policy: CachePolicy): string | undefined {
  if (!policy.storable()) return whyNotStorable(req, res);
  // Fresh or revalidatable, it would still never be selected, and each such response would add a variant.
  if (res.headers.vary?.split(',').some((member) => member.trim() === '*') === true) return 'vary *';
  if (!policy.stale() || hasValidator(res)) return undefined;
  return whyUseless(res, policy);
}

export function hasValidator(res: HttpResponse): boolean {
  return res.headers.etag !== undefined || res.headers['last-modified'] !== undefined;
}

function whyNotStorable(req: HttpRequest, res: HttpResponse): string {
  const request = directives(req.headers['cache-control']);
  const response = directives(res.headers['cache-control']);
  if (request.has('no-store')) return 'request no-store';
  if (response.has('no-store')) return 'no-store';
  if (response.has('private')) return 'private';
  // §3.5: only these directives let a shared cache keep an answer to a request with credentials.
  if (req.headers.authorization !== undefined && !['public', 's-maxage', 'must-revalidate'].some((d) => response.has(d))) {
    return 'authorization without public';
  }
  return `status ${res.status} not storable`;
}

function whyUseless(res: HttpResponse, policy: CachePolicy): string {
  const response = directives(res.headers['cache-control']);
  // The library's own rule: a shared cache keeps a Set-Cookie response only when told it is public.
  if (res.headers['set-cookie'] !== undefined && !response.has('public') && !response.has('immutable')) return 'set-cookie without public';
  for (const d of ['no-cache', 'proxy-revalidate']) if (response.has(d)) return `${d} without validator`;
  return policy.maxAge() > 0 ? 'stale on arrival, no validator' : 'no freshness, no validator';
}
