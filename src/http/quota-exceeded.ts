import type { HttpResponse } from './message.js';
import { problem, problemResponse } from './problem.js';

/** A write past a caller's quota, as a store's quota check reports it (`src/storage/creator-quota.ts`). */
export interface QuotaRefused {
  readonly limit: string;
  readonly max: number;
  readonly used: number;
  readonly detail: string;
}

/**
 * 507 Insufficient Storage, as a quota past its bound is answered in WebDAV (RFC 4331 §6): the request is
 * sound, the caller has no room left. Not 413: the body is within its limit. Not 429: waiting frees
 * nothing; deleting or shortening what the caller made does.
 */
export function quotaExceeded(refusal: QuotaRefused): HttpResponse {
  return problemResponse(
    problem(507, 'quota-exceeded', 'Insufficient Storage', refusal.detail, { limit: refusal.limit, max: refusal.max, used: refusal.used }),
    { 'cache-control': 'no-store' },
  );
}
