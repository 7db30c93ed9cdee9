import { createServer, type IncomingMessage } from 'node:http';
import { listen, type RunningServer } from '../../../server/listening-server.js';
import type { WireRequest, WireResponse } from '../wire.js';

/**
 * A deliberately broken stand-in for tests: a small node:http server in front of a real origin that passes
 * requests on, except where its behaviour breaks exactly one principle. Each check's tests put one in front
 * of our origin to show that the check catches that breakage ("tests have teeth").
 */
/** What the suite sends, as the stand-in sees it: the path (with its query) in place of the absolute URL. */
export type PlainRequest = Omit<WireRequest, 'url'> & { readonly path: string };

/** What the suite receives, without the timing the stand-in does not measure. */
export type PlainResponse = Omit<WireResponse, 'elapsedMs'>;

export type Forward = (req: PlainRequest) => Promise<PlainResponse>;
export type Behaviour = (req: PlainRequest, forward: Forward) => Promise<PlainResponse>;

const connectionFields = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

function endToEnd(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !connectionFields.has(name)));
}

/** Sends a request to `upstreamUrl` as it is (connection fields aside). */
function forwardTo(upstreamUrl: string): Forward {
  return async (req) => {
    const res = await fetch(`${upstreamUrl}${req.path}`, { method: req.method, headers: endToEnd(req.headers), body: req.body, redirect: 'manual' });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    return { status: res.status, headers: endToEnd(headers), setCookies: res.headers.getSetCookie(), body: await res.text() };
  };
}

async function plainRequest(incoming: IncomingMessage): Promise<PlainRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers[name] = value;
  return { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers, body: chunks.length === 0 ? undefined : Buffer.concat(chunks).toString('utf8') };
}

export async function startStandIn(upstreamUrl: string, behaviour: Behaviour): Promise<RunningServer> {
  const forward = forwardTo(upstreamUrl);
  const server = createServer((incoming, outgoing) => {
    plainRequest(incoming)
      .then((req) => behaviour(req, forward))
      .then((res) => {
        outgoing.writeHead(res.status, { ...res.headers, ...(res.setCookies.length > 0 ? { 'set-cookie': [...res.setCookies] } : {}) });
        outgoing.end(res.status === 204 || res.status === 304 ? undefined : res.body);
      })
      .catch((error: unknown) => {
        outgoing.writeHead(502, { 'content-type': 'text/plain' });
        outgoing.end(`stand-in failed: ${String(error)}`);
      });
  });
  return listen(server, { port: 0, graceMs: 1_000 });
}

/** A JSON answer made by a stand-in. */
export function jsonAnswer(status: number, body: unknown, contentType = 'application/json'): PlainResponse {
  return { status, headers: { 'content-type': contentType }, setCookies: [], body: JSON.stringify(body) };
}

/** Whether the request carries a credential at all. */
export const identified = (req: PlainRequest): boolean => req.headers.cookie !== undefined || req.headers.authorization !== undefined;
