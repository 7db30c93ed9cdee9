/**
 * The `Idempotency-Key` request header (draft-ietf-httpapi-idempotency-key-header §2). The draft makes the
 * value an RFC 8941 sf-string (`"8e03978e-..."`), while Stripe and most clients send the key bare. We accept
 * both spellings of the same key, and publish one fixed format, as the draft's security section asks:
 *
 *   the key is 1 to 255 visible US-ASCII characters (%x21-7E), sent either bare or as an sf-string
 *   (in which `\"` and `\\` are the only escapes).
 *
 * Space is allowed inside an sf-string but not in our keys: then a header repeated by an intermediary and
 * joined with ", " can never parse as one key, and the draft forbids sending more than one.
 */

export { idempotencyKeyHeader } from '../http/idempotency-key.js';

export const maxIdempotencyKeyLength = 255;

export type KeyParse = { readonly ok: true; readonly key: string } | { readonly ok: false; readonly reason: string };

const dquote = 0x22;
const backslash = 0x5c;

/** Reads a header value into the key it names, or says precisely why it is not one. */
export function parseIdempotencyKey(fieldValue: string): KeyParse {
  // HTTP strips optional whitespace around a field value (RFC 9110 §5.5); a parser in front of us would too.
  const value = fieldValue.replace(/^[ \t]+|[ \t]+$/g, '');
  const decoded = value.charCodeAt(0) === dquote ? unquote(value) : { ok: true as const, key: value };
  if (!decoded.ok) return decoded;
  const key = decoded.key;
  if (key.length === 0) return { ok: false, reason: 'the key is empty' };
  if (key.length > maxIdempotencyKeyLength) {
    return { ok: false, reason: `the key has ${key.length} characters; at most ${maxIdempotencyKeyLength} are accepted` };
  }
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) {
      return { ok: false, reason: `character ${i + 1} of the key (U+${code.toString(16).toUpperCase().padStart(4, '0')}) is not visible ASCII` };
    }
  }
  return { ok: true, key };
}

/** RFC 8941 §4.2.5: an sf-string ends at the first unescaped DQUOTE, and nothing may follow it. */
function unquote(value: string): KeyParse {
  let key = '';
  for (let i = 1; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === backslash) {
      const next = value.charCodeAt(i + 1);
      if (next !== dquote && next !== backslash) return { ok: false, reason: 'a backslash in a quoted key may only escape " or \\' };
      key += value[i + 1]!;
      i++;
    } else if (code === dquote) {
      if (i !== value.length - 1) return { ok: false, reason: 'characters follow the closing quote (more than one key?)' };
      return { ok: true, key };
    } else {
      key += value[i]!;
    }
  }
  return { ok: false, reason: 'the quoted key has no closing quote' };
}
