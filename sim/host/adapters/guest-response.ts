import type { Headers, HttpResponse } from '../../../src/http/message.js';

/**
 * WHATWG "UTF-8 decode" (the Encoding Standard), the one `Response.text()` applies: a byte sequence that is
 * not UTF-8 becomes U+FFFD, a leading BOM is dropped. So the body string is what any fetch client would read.
 */
const utf8 = new TextDecoder('utf-8');

/**
 * What the simulator carries of an app's answer. `bodyBytes` is the number of bytes the app sent, counted
 * before decoding: for UTF-8 text it equals `utf8Bytes(body)`, exactly as `response()` counts apisim's own
 * origin, and for any other bytes (a PNG, Latin-1 text) it stays the number on the wire, which the decoded
 * string no longer tells. That is why this object is built by hand rather than with `response()`.
 *
 * An empty body is no body, as in `response()`. (The answer to a HEAD never gets here with bytes: each
 * adapter drops them first, as a server's HTTP layer does.)
 */
export function guestResponse(status: number, headers: Headers, bytes: Uint8Array | undefined): HttpResponse {
  if (bytes === undefined || bytes.byteLength === 0) return { status, headers, body: undefined, bodyBytes: 0 };
  return { status, headers, body: utf8.decode(bytes), bodyBytes: bytes.byteLength };
}
