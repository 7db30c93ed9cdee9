import { type HttpRequest, type HttpResponse, response } from '../../http/message.js';
import { methodNotAllowed, notFound, problem, problemResponse } from '../../http/problem.js';
import { hasToken } from '../../http/websocket-upgrade.js';
import { graphqlTransportWs } from './protocol.js';

/** The one path that speaks WebSocket: the graph endpoint's own (one endpoint, spec §4 Area C rule 1). */
export const graphSocketPath = '/graphql';

/**
 * What an upgrade request must carry once gate 1 and the rate limit have passed it, or the refusal: 404
 * elsewhere than `/graphql`, 405 for a method other than GET (RFC 6455 §4.1), 426 with the version we speak
 * for another WebSocket version (RFC 6455 §4.4), 400 when `graphql-transport-ws` is not among the
 * subprotocols offered (graphql-ws speaks only that one; failing the handshake says so before any frame),
 * 400 when `Connection` lacks the `Upgrade` token (RFC 6455 §4.2.1; found by the WebSocket fuzzing), 403
 * for an `Origin` other than this host's (`foreignOrigin`).
 * `Sec-WebSocket-Key` and `-Accept` are not modelled: they guard against intermediaries that do not know
 * WebSocket, and the simulated cache does.
 */
export function upgradeRefusal(req: HttpRequest, pathname: string): HttpResponse | undefined {
  if (pathname !== graphSocketPath) return notFound(pathname);
  if (req.method !== 'GET') return methodNotAllowed(req.method, ['GET']);
  const foreign = foreignOrigin(req);
  if (foreign !== undefined) {
    return problemResponse(
      problem(403, 'websocket-origin', 'Forbidden', `A WebSocket opened by a page of ${foreign} is refused: only pages this host serves, or clients that send no Origin, may open one.`),
      { 'cache-control': 'no-store' },
    );
  }
  if (req.headers['sec-websocket-version'] !== '13') {
    return problemResponse(
      problem(426, 'websocket-version', 'Upgrade Required', 'This server speaks WebSocket version 13; send Sec-WebSocket-Version: 13.'),
      { 'sec-websocket-version': '13', 'cache-control': 'no-store' },
    );
  }
  const offered = req.headers['sec-websocket-protocol'];
  // Exactly, as graphql-ws's `handleProtocols` compares: the client checks the name the 101 echoes against
  // what it offered, so `GRAPHQL-TRANSPORT-WS` is not ours (found by the WebSocket fuzzing).
  if (offered === undefined || !offered.split(',').some((name) => name.trim() === graphqlTransportWs)) {
    return problemResponse(
      problem(400, 'websocket-subprotocol', 'Bad Request', `This endpoint speaks the ${graphqlTransportWs} subprotocol (graphql-ws); offer it in Sec-WebSocket-Protocol.`),
      { 'cache-control': 'no-store' },
    );
  }
  if (!hasToken(req.headers.connection ?? '', 'upgrade')) {
    return problemResponse(
      problem(400, 'websocket-handshake', 'Bad Request', 'A WebSocket upgrade needs the Upgrade token in Connection (RFC 6455 §4.2.1).'),
      { 'cache-control': 'no-store' },
    );
  }
  return undefined;
}

/**
 * The `Origin` of a handshake a browser made for a page of another site, or `undefined`. The same-origin
 * policy does not cover WebSocket and a browser sends the session cookie with the upgrade, so without this
 * any site could open a socket as its visitor (cross-site WebSocket hijacking; RFC 6455 §10.2 leaves the
 * check to the server). A client that is not a browser sends no `Origin` and is let through: it carries its
 * own credential. `null` (an opaque origin) and an unreadable value are foreign. Scheme, host and port
 * must all be this server's (RFC 6454 §5): the host without case, port included, and the scheme `http`, the
 * only one apisim serves, so an `https:`, `ws:` or `chrome-extension:` origin naming this host:port is no
 * page of this site.
 */
export function foreignOrigin(req: HttpRequest): string | undefined {
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const host = req.headers.host?.trim().toLowerCase();
  let url: URL | undefined;
  try {
    url = new URL(origin.trim());
  } catch {
    url = undefined;
  }
  const own = url !== undefined && url.protocol === ownScheme && url.host !== '' && url.host.toLowerCase() === host;
  return own ? undefined : origin;
}

/** What this server is served over: plain HTTP/1.1 (`server/`), never TLS of its own. */
const ownScheme = 'http:';

/**
 * 429 for a caller that already holds the most sockets one may (`GraphSockets.maxSocketsPerCaller`). No
 * `Retry-After`: a socket frees its place when it closes, not after a time.
 */
export function tooManySockets(maxSocketsPerCaller: number): HttpResponse {
  return problemResponse(
    problem(429, 'too-many-sockets', 'Too Many Requests', `You already hold ${maxSocketsPerCaller} open WebSockets, the most one caller may; close one first.`, { maxSocketsPerCaller }),
    { 'cache-control': 'no-store' },
  );
}

/** 101 with the subprotocol chosen (RFC 6455 §4.2.2): from here on the connection carries frames, not HTTP. */
export function switchingProtocols(): HttpResponse {
  return response(101, { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-protocol': graphqlTransportWs });
}

/** What a client sends to open a graph socket, besides its credential. */
export const upgradeHeaders = {
  upgrade: 'websocket',
  connection: 'Upgrade',
  'sec-websocket-version': '13',
  'sec-websocket-protocol': graphqlTransportWs,
} as const;
