import type { Exchange } from '../sim/nodes/client.js';

/**
 * The id a creation answered with: the body's `id`, else the last segment of `Location` (RFC 9110 §15.3.2:
 * 201 names what it created there). As the conformance checks read it, but from a simulated exchange.
 */
export function createdId(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (response === undefined || response.status < 200 || response.status > 299) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body ?? 'null');
  } catch {
    body = undefined;
  }
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  if (typeof id === 'number' || (typeof id === 'string' && id !== '')) return String(id);
  const location = response.headers.location;
  if (location === undefined) return undefined;
  const last = new URL(location, 'http://target.invalid').pathname.split('/').filter((s) => s !== '').pop();
  return last === undefined ? undefined : decodeURIComponent(last);
}
