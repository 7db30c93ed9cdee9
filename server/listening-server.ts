import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ConnectionLimits, defaultConnectionLimits, limitConnections } from './connection-limits.js';

export interface RunningServer {
  /** e.g. `http://127.0.0.1:3000` */
  readonly url: string;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`), closes keep-alive sockets. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** 0 asks the system for any free port. */
  readonly port?: number;
  readonly host?: string;
  /** How long in-flight requests may take to finish once `close()` is called. */
  readonly graceMs?: number;
  /** Per-address and total connection caps and the slow-client timeouts; each defaults to `defaultConnectionLimits`. */
  readonly connectionLimits?: Partial<ConnectionLimits>;
}

export const defaultHost = '127.0.0.1';
export const defaultGraceMs = 5_000;

/**
 * Starts `server` listening, within its connection limits, and returns its URL and a graceful `close`. Closing stops the listener, closes
 * idle keep-alive connections at once and each busy one as soon as its response is written, and cuts
 * whatever is left after `graceMs`.
 */
export async function listen(server: Server, options: ListenOptions = {}): Promise<RunningServer> {
  const host = options.host ?? defaultHost;
  const graceMs = options.graceMs ?? defaultGraceMs;
  limitConnections(server, { ...defaultConnectionLimits, ...options.connectionLimits });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  let closing: Promise<void> | undefined;
  // Responses not yet written: once closing, each says `Connection: close`, so no client sends another
  // request on a connection about to go, and node closes the socket as soon as the response is out.
  const unanswered = new Set<ServerResponse>();
  const lastOnItsConnection = (res: ServerResponse): void => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing !== undefined) lastOnItsConnection(res);
    unanswered.add(res);
    res.on('close', () => unanswered.delete(res));
  });
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        deadline.unref();
        server.close((error) => {
          clearTimeout(deadline);
          if (error === undefined) resolve();
          else reject(error);
        });
        server.closeIdleConnections();
        for (const res of unanswered) lastOnItsConnection(res);
      });
      return closing;
    },
  };
}
