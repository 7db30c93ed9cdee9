import type { Exchange } from '../sim/exchange.js';

/**
 * The id of what a create made, as the target description promises to find it (`owned[].create`,
 * `writable[]`): the answer's body `id` (a string or a number), else the last segment of its `Location`
 * (RFC 9110 §15.3.2: a 201 names what it created there). Undefined when the create was not answered 2xx or
 * names no id. The conformance checks read a socket's answer the same way
 * (`properties/conformance/writable-requests.ts`).
 */
export function createdId(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (response === undefined || response.status < 200 || response.status > 299) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body ?? 'null');
  } catch {
    // Not JSON: the Location may still name it.
    body = undefined;
  }
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  if (typeof id === 'number' || (typeof id === 'string' && id !== '')) return String(id);
  const location = response.headers.location;
  if (location === undefined) return undefined;
  const last = new URL(location, 'http://target.invalid').pathname.split('/').filter((s) => s !== '').pop();
  return last === undefined ? undefined : decodeURIComponent(last);
}
