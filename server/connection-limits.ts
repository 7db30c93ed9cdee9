import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { problem, problemResponse } from '../src/http/problem.js';
import { rawResponse } from './http-front.js';

/**
 * How much of a listening server one client, and all clients together, may hold, so that no client can use up
 * every file descriptor.
 */
export interface ConnectionLimits {
  /** Open connections from one remote address; the next one is answered 503 and closed. */
  readonly maxConnectionsPerAddress: number;
  /** Open connections in all; node closes the next one unanswered (its `maxConnections`). */
  readonly maxConnections: number;
  /** From a connection's first byte (or its previous response) to the end of the request's header fields. */
  readonly headersTimeoutMs: number;
  /** From the start of a request to the end of its body. */
  readonly requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open after a response. */
  readonly keepAliveTimeoutMs: number;
}

/**
 * Chosen so one client cannot take the file descriptors every other client needs (one client once held
 * 20 k idle connections), while `npm run load` (10 connections), the proxies' upstream pools (`Upstream`, 128
 * each) and a browser (6 per host) stay far below: 256 per address, 4,096 in all, well under the usual 65,536
 * descriptors a process gets, with the origin, cache and unstable line sharing them. A slow client gets 10 s
 * for its header fields (node's default is 60 s, and slowloris sockets lived 63 s) and 30 s for a whole
 * request (node's: 300 s); an idle kept-alive connection 5 s (node's default, said in `Keep-Alive`).
 */
export const defaultConnectionLimits: ConnectionLimits = {
  maxConnectionsPerAddress: 256,
  maxConnections: 4_096,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

/** How soon after a deadline node's sweep cuts the connection (its default sweep runs every 30 s). */
const timeoutSweepMs = 1_000;

/** How long a refused connection may take to read its 503 before it is cut. */
const refusalLingerMs = 1_000;

/**
 * Applies `limits` to `server` before it listens. The per-address count sits in front of node's own
 * connection handling: a connection over the cap is never given to the HTTP parser, so nothing it sends is
 * read as a request (no handler runs, no effect happens); it gets a 503 problem with `Retry-After` and is
 * closed.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Read by node when the server starts listening, so setting it here takes effect.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = timeoutSweepMs;

  const openByAddress = new Map<string, number>();
  const handOn = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const open = openByAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      refuse(socket, limits.maxConnectionsPerAddress);
      return;
    }
    openByAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left === 0) openByAddress.delete(address);
      else openByAddress.set(address, left);
    });
    for (const listener of handOn) listener.call(server, socket);
  });
}

function refuse(socket: Socket, cap: number): void {
  socket.on('error', () => socket.destroy());
  // Whatever the client sends is read and dropped, so closing never meets unread data (which would reset
  // the connection and could lose the 503 on the way).
  socket.resume();
  socket.end(rawResponse(problemResponse(
    problem(503, 'too-many-connections', 'Service Unavailable', `This address already has ${cap} open connections, the most one address may have; close one and try again.`, { maxConnectionsPerAddress: cap }),
    { 'retry-after': '1', 'cache-control': 'no-store' },
  )));
  socket.setTimeout(refusalLingerMs, () => socket.destroy());
}
