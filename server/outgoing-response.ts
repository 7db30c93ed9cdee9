import { Buffer } from 'node:buffer';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { HttpResponse } from '../src/http/message.js';
import { setCookieList, setCookieName } from '../src/http/set-cookie-list.js';
import { endToEnd } from './hop-by-hop.js';

/**
 * Writes a handler's `HttpResponse` to node:http: its status and header fields (connection fields are the
 * socket's business, not the handler's), `Content-Length` from the UTF-8 bytes of the body, and no body
 * where HTTP has none: HEAD, 1xx, 204 and 304 (RFC 9110 §6.4.1). A HEAD response carries no
 * `Content-Length` either, since the handler does not say how long the GET body would be (§9.3.2).
 */
export function writeResponse(res: ServerResponse, message: HttpResponse, method: string, options: { readonly close?: boolean } = {}): void {
  const headers = endToEnd(message.headers);
  const bodiless = method === 'HEAD' || message.status < 200 || message.status === 204 || message.status === 304;
  // The text itself goes to node, not a Buffer of it: node writes the head and a string body in one piece,
  // where a Buffer body is a second chunk, and the copy into a Buffer is saved.
  const body = bodiless ? undefined : message.body;
  if (!bodiless) headers['content-length'] = String(body === undefined ? 0 : Buffer.byteLength(body, 'utf8'));
  if (options.close === true) headers.connection = 'close';
  // Each cookie its own field (RFC 6265 §3): a response carries them joined by a line feed.
  const fields: OutgoingHttpHeaders = headers;
  if (headers[setCookieName] !== undefined) fields[setCookieName] = setCookieList(headers);
  res.writeHead(message.status, fields);
  if (body === undefined) res.end();
  else res.end(body, 'utf8');
}
