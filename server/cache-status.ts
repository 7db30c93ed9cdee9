import type { Forward, ResponseOutcome } from '../src/cache/decisions.js';

/** The cache's name in `Cache-Status` and `Via`. */
export const cacheName = 'apisim-cache';

/**
 * What the cache did, in the `Cache-Status` field of RFC 9211 (the simulator writes the same facts into
 * its trace): `hit`, or why it went upstream (`fwd`), what came back (`fwd-status`) and whether it was
 * stored; `detail` adds the reason a response was not stored and the URLs a write invalidated.
 */
export function hitStatus(): string {
  return `${cacheName}; hit`;
}

export function forwardedStatus(sent: Forward, upstreamStatus: number, outcome: ResponseOutcome): string {
  const parts = [cacheName, `fwd=${fwdReason(sent)}`, `fwd-status=${upstreamStatus}`];
  const storage = outcome.storage;
  if (storage?.kind === 'stored' || storage?.kind === 'refreshed') parts.push('stored');
  const details: string[] = [];
  if (outcome.revalidated) details.push('revalidated: the stored response was served');
  if (storage?.kind === 'not-stored') details.push(`not stored: ${storage.reason}`);
  for (const i of outcome.invalidations) {
    if (i.discarded > 0) details.push(`invalidated ${i.key}${i.discarded > 1 ? ` (${i.discarded} variants)` : ''}`);
  }
  if (details.length > 0) parts.push(`detail=${JSON.stringify(details.join('; '))}`);
  return parts.join('; ');
}

/** RFC 9211 §2.2's `fwd` values for the lookup's reasons. */
function fwdReason(sent: Forward): string {
  if (sent.kind === 'bypass') return 'method';
  if (sent.reason === 'nothing stored') return 'uri-miss';
  if (sent.reason === 'no variant for this request') return 'vary-miss';
  if (sent.reason === 'request no-cache' || sent.reason === 'request max-age or min-fresh') return 'request';
  return 'stale';
}
