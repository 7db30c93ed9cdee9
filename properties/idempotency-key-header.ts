import type { Target } from './targets/target.js';

/**
 * The Idempotency-Key header as the target reads it (`idempotencyKey`): its name, in lower case as the
 * simulator's requests carry headers, and the key bare or as an RFC 8941 sf-string. The checks choose the
 * keys themselves, so the keyed client (which adds a key only to a request without one) sends these.
 */
export function idempotencyKeyHeader(target: Target, key: string): Record<string, string> {
  const declared = target.idempotencyKey;
  if (declared === undefined) return {};
  return { [declared.header.toLowerCase()]: declared.style === 'sf-string' ? `"${key}"` : key };
}
