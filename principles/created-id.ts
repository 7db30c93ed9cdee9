import type { Exchange } from '../sim/nodes/client.js';

/**
 * The id of what a create made, as the target description promises to find it (`owned[].create`): the
 * answer's body `id` (a string or a number), else the last segment of its Location. Undefined when the
 * create was not answered 2xx or names no id.
 */
export function createdId(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (response === undefined || response.status < 200 || response.status > 299) return undefined;
  try {
    const id = (JSON.parse(response.body ?? '') as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && id !== '') return id;
    if (typeof id === 'number') return String(id);
  } catch {
    // Not JSON: the Location may still name it.
  }
  const location = response.headers.location;
  const last = typeof location === 'string' ? location.split('?')[0]!.split('/').filter((s) => s !== '').at(-1) : undefined;
  return last === undefined ? undefined : decodeURIComponent(last);
}
