import type { Headers } from '../src/http/message.js';

/**
 * Fields that describe one connection, not the message (RFC 9110 §7.6.1): an intermediary must not forward
 * them, nor any field the `Connection` header names. `content-length` is dropped too, since every hop
 * frames the body it sends itself.
 */
const connectionFields = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'transfer-encoding', 'upgrade', 'content-length']);

/** The end-to-end fields of a message, as an intermediary may pass them on. */
export function endToEnd(headers: Headers): Record<string, string> {
  // Most messages name no field in `Connection`: no set to build for them.
  const named = headers.connection === undefined ? undefined : new Set(headers.connection.split(',').map((t) => t.trim().toLowerCase()).filter((t) => t !== ''));
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!connectionFields.has(name) && named?.has(name) !== true) kept[name] = value;
  }
  return kept;
}
