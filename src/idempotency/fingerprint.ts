import { createHash } from 'node:crypto';
import type { HttpRequest } from '../http/message.js';

/**
 * The request fingerprint of draft-ietf-httpapi-idempotency-key-header §2.4 ("checksum of the entire
 * request payload"), widened to method and path so that one key cannot be spent on two operations: SHA-256,
 * in hex, over the method, the path with its query, and the body.
 *
 * A JSON body is fingerprinted by its canonical form, so a client (or a proxy) that re-serializes the same
 * value with another key order or spacing is still sending the same request. A body that is not JSON is
 * fingerprinted as its raw text. No body and an empty body are the same payload: HTTP cannot tell them apart
 * for a POST with `Content-Length: 0`. Headers are not part of it: the draft speaks of the payload only.
 */
export function requestFingerprint(req: HttpRequest): string {
  // A JSON array of the parts is unambiguous where joining them with a separator would not be.
  const input = JSON.stringify([req.method, req.path, ...payload(req.body)]);
  // A string is hashed as its UTF-8 bytes (Node's default for a string).
  return createHash('sha256').update(input).digest('hex');
}

type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [member: string]: JsonValue };

/**
 * The value with every object's members sorted by UTF-16 code units (the order of RFC 8785 JCS), without
 * insignificant whitespace, and with numbers and strings in ECMAScript's one serialization (so `1.0` and `1`,
 * `"\u0041"` and `"A"` are the same). Numbers beyond 2^53 lose precision in JSON.parse, as everywhere in JS.
 */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${(value as readonly JsonValue[]).map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = value as { readonly [member: string]: JsonValue };
    // The default sort compares strings by UTF-16 code units (ECMA-262 SortCompare): RFC 8785's order.
    const names = Object.keys(members).sort();
    return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalJson(members[name]!)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function payload(body: string | undefined): readonly [kind: string, text: string] {
  if (body === undefined || body === '') return ['none', ''];
  try {
    return ['json', canonicalJson(JSON.parse(body) as JsonValue)];
  } catch {
    // Not JSON, or nested too deep to canonicalize on the stack: the exact bytes are still a fingerprint.
    return ['text', body];
  }
}
