import { type HttpResponse, jsonResponse } from '../message.js';
import { encodeCursor } from './cursor.js';
import type { ListQuery } from './list-query.js';

/**
 * A page as `{items, next}`, where `next` is the path of the following page or null, also sent as a
 * `Link: <...>; rel="next"` header (RFC 8288) for clients that follow links without reading the body.
 * The next path keeps the filter and the limit, so following it continues the same listing.
 */
export function pageResponse(
  path: string,
  query: ListQuery,
  items: readonly { readonly id: number }[],
  more: boolean,
): HttpResponse {
  const last = items.at(-1);
  const next = more && last !== undefined ? nextPath(path, query, last.id) : null;
  return jsonResponse(200, { items, next }, next === null ? undefined : { link: `<${next}>; rel="next"` });
}

function nextPath(path: string, query: ListQuery, lastId: number): string {
  const params = new URLSearchParams();
  if (query.name !== undefined) params.set('name', query.name);
  params.set('limit', String(query.limit));
  params.set('cursor', encodeCursor(lastId));
  return `${path}?${params.toString()}`;
}
