import { Buffer } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { Headers, HttpRequest, HttpResponse } from '../src/http/message.js';
import { problem, problemResponse } from '../src/http/problem.js';
import { clientAddressOf, type TrustedFronts } from './forwarded-for.js';

/** A request read off the socket, or the 4xx that says why it could not be. */
export type Incoming =
  | { readonly ok: true; readonly request: HttpRequest }
  /** `closeConnection`: the body was left unread, so the connection cannot carry another request. */
  | { readonly ok: false; readonly response: HttpResponse; readonly closeConnection: boolean };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const noBytes = Buffer.alloc(0);

/**
 * node:http's request as the handlers' `HttpRequest`: lower-case names, a repeated field joined with ", "
 * (node would keep only the first `Authorization` or `Content-Type`; joined, a doubled credential fails
 * gate 1 as it should), the target as origin-form path and query, and the body as UTF-8 text, read up to
 * `maxBodyBytes` and no further, and the client's address: the socket's, or what a trusted front says
 * (`forwarded-for.ts`). A major version other than 1 is 505.
 */
export async function readIncoming(req: IncomingMessage, maxBodyBytes: number, fronts?: TrustedFronts): Promise<Incoming> {
  if (req.httpVersionMajor !== 1) {
    // RFC 9110 §15.6.6: node's parser takes any digit.digit, but only HTTP/1.x is spoken on this socket (2 and 3 are not HTTP/1 text).
    return refuse(505, 'http-version-not-supported', 'HTTP Version Not Supported', `HTTP/${req.httpVersion} is not supported here; send HTTP/1.1.`, true);
  }
  const path = originForm(req.url ?? '');
  if (path === undefined) return refuse(400, 'bad-request-target', 'Bad Request', `The request target ${JSON.stringify(req.url)} is neither a path nor an absolute http URL.`, false);
  const headers = joinedHeaders(req);
  const coding = headers['content-encoding'];
  if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') {
    // RFC 9110 §15.5.16: 415 for a content coding the server does not accept, with Accept-Encoding.
    return { ok: false, response: problemResponse(problem(415, 'unsupported-content-encoding', 'Unsupported Media Type', `The body is encoded as ${coding}; send it unencoded.`), { 'accept-encoding': 'identity' }), closeConnection: true };
  }
  const declared = declaredLength(headers['content-length']);
  if (declared === 'invalid') return refuse(400, 'bad-content-length', 'Bad Request', `Content-Length ${JSON.stringify(headers['content-length'])} is not one non-negative integer.`, true);
  if (declared !== undefined && declared > maxBodyBytes) return tooLarge(`The body has ${declared} bytes; at most ${maxBodyBytes} are accepted.`, maxBodyBytes);
  // RFC 9112 §6.3: neither Content-Length nor Transfer-Encoding (a GET, nearly always) is a message without
  // a body, and node's parser holds to it: there is no 'end' to wait a turn of the event loop for.
  const bodiless = declared === 0 || (declared === undefined && headers['transfer-encoding'] === undefined);
  const bytes = bodiless ? noBytes : await readBody(req, maxBodyBytes);
  if (bytes === 'too-large') return tooLarge(`The body has more than ${maxBodyBytes} bytes; at most ${maxBodyBytes} are accepted.`, maxBodyBytes);
  if (bytes === 'aborted') return refuse(400, 'incomplete-body', 'Bad Request', 'The body ended before its declared length.', true);
  let body: string | undefined;
  try {
    body = bytes.length === 0 ? undefined : strictUtf8.decode(bytes);
  } catch {
    return refuse(400, 'invalid-utf8', 'Bad Request', 'The body is not valid UTF-8; JSON text is exchanged in UTF-8 (RFC 8259 §8.1).', false);
  }
  const clientAddress = clientAddressOf(req.socket, headers, fronts);
  return { ok: true, request: { method: req.method ?? 'GET', path, headers, body, bodyBytes: bytes.length, ...(clientAddress !== undefined && { clientAddress }) } };
}

/**
 * An upgrade request as `HttpRequest`: its head only. node hands the socket over right after the header
 * section, so there is no body to read (a WebSocket handshake has none, RFC 6455 §4.1).
 */
export function readUpgrade(req: IncomingMessage): HttpRequest | undefined {
  const path = originForm(req.url ?? '');
  return path === undefined ? undefined : { method: req.method ?? 'GET', path, headers: joinedHeaders(req), body: undefined, bodyBytes: 0 };
}

/** The path and query the handlers route on; an absolute-form target (RFC 9112 §3.2.2) is reduced to it. */
export function originForm(target: string): string | undefined {
  if (target.startsWith('/')) return target;
  if (!/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/**
 * Read straight from `rawHeaders`, in the order the fields came: node's `headersDistinct` would build an
 * array for every field first. A name `{}` inherits (`constructor`) holds no string until a field sets it;
 * `__proto__` sets nothing, as with `headersDistinct`.
 */
function joinedHeaders(req: IncomingMessage): Headers {
  const headers: Record<string, string> = {};
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const had = headers[name];
    // A user agent sends one Cookie field (RFC 6265 §5.4); if there are more, "; " keeps them parseable.
    headers[name] = typeof had === 'string' ? `${had}${name === 'cookie' ? '; ' : ', '}${raw[i + 1]!}` : raw[i + 1]!;
  }
  return headers;
}

function declaredLength(value: string | undefined): number | 'invalid' | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // node has already refused differing repeated values; equal ones arrive joined ("5, 5").
  const parts = new Set(value.split(',').map((p) => p.trim()));
  const [only] = parts;
  return parts.size === 1 && only !== undefined && /^\d+$/.test(only) ? Number(only) : 'invalid';
}

/** Reads at most `maxBytes`; past that it stops reading, so an oversized body is never held in memory. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | 'too-large' | 'aborted'): void => {
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('aborted', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        done('too-large');
      } else chunks.push(chunk);
    };
    const onEnd = (): void => done(Buffer.concat(chunks, size));
    const onAbort = (): void => done('aborted');
    req.on('data', onData).on('end', onEnd).on('error', onAbort).on('aborted', onAbort);
  });
}

function tooLarge(detail: string, maxBytes: number): Incoming {
  return { ok: false, response: problemResponse(problem(413, 'body-too-large', 'Content Too Large', detail, { maxBytes })), closeConnection: true };
}

function refuse(status: number, slug: string, title: string, detail: string, closeConnection: boolean): Incoming {
  return { ok: false, response: problemResponse(problem(status, slug, title, detail)), closeConnection };
}
