import { createOrigin, defaultOriginSettings, type Origin, type OriginSettings } from '../src/origin.js';
import { httpFront } from './http-front.js';
import { defaultGraceMs, listen, type ListenOptions, type RunningServer } from './listening-server.js';
import { realEnvironment } from './real-environment.js';
import { socketFront } from './socket-door.js';

export type { RunningServer } from './listening-server.js';

export interface RunningOrigin extends RunningServer {
  readonly origin: Origin;
}

export interface OriginServerOptions extends ListenOptions {
  readonly settings?: Partial<OriginSettings>;
  readonly maxBodyBytes?: number;
  readonly log?: (line: string) => void;
  /** How long a WebSocket may wait before `connection_init` (graphql-ws's default, 3 s, when unset). */
  readonly connectionInitWaitMs?: number;
  /** How often each WebSocket is pinged; one that missed the last pong is cut (12 s, as graphql-ws, when unset). */
  readonly keepAliveMs?: number;
}

/**
 * The origin of `src/` on a real socket: the same `createOrigin` the simulator drives, with the real clock
 * and real randomness, behind the thin node:http adapter of `http-front.ts` and, for WebSocket upgrades to
 * `/graphql`, the `ws` adapter of `socket-door.ts`. Nothing here decides anything about a request.
 */
export async function startOriginServer(options: OriginServerOptions = {}): Promise<RunningOrigin> {
  const origin = createOrigin(realEnvironment(), { ...defaultOriginSettings, ...options.settings });
  const log = options.log ?? ((line: string) => { console.error(line); });
  const sockets = socketFront((req, peer) => origin.openSocket(req, peer), log, { connectionInitWaitMs: options.connectionInitWaitMs, keepAliveMs: options.keepAliveMs });
  const server = httpFront((req) => origin.handle(req), { ...options, upgrade: sockets.upgrade });
  const running = await listen(server, options);
  return {
    url: running.url,
    // Upgraded sockets are no longer node:http's to close: each is told 1001 while the listener stops.
    close: async () => {
      await Promise.all([sockets.close(options.graceMs ?? defaultGraceMs), running.close()]);
    },
    origin,
  };
}
