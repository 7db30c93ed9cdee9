import type { HttpResponse } from '../http/message.js';
import { problem, problemResponse } from '../http/problem.js';
import type { QuotaCheck } from './store.js';

/**
 * 507 Insufficient Storage, as a quota past its bound is answered in WebDAV (RFC 4331 §6): the request is
 * sound, the caller has no room left. Not 413: the body is within its limit. Not 429: waiting frees
 * nothing; deleting or shortening the caller's own notes does.
 */
export function quotaExceeded(check: Extract<QuotaCheck, { ok: false }>): HttpResponse {
  const what = check.limit === 'notes' ? 'notes' : 'bytes of notes';
  return problemResponse(
    problem(507, 'quota-exceeded', 'Insufficient Storage',
      `This write would make your ${what} ${check.wanted}; each caller may keep at most ${check.max}. Delete or shorten notes you wrote first.`,
      { limit: check.limit, max: check.max, used: check.used }),
    { 'cache-control': 'no-store' },
  );
}
