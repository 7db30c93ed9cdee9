import { createOrigin, defaultOriginSettings, type Origin, type OriginSettings } from '../src/origin.js';
import { httpFront } from './http-front.js';
import { listen, type ListenOptions, type RunningServer } from './listening-server.js';
import { realEnvironment } from './real-environment.js';

export type { RunningServer } from './listening-server.js';

export interface RunningOrigin extends RunningServer {
  readonly origin: Origin;
}

export interface OriginServerOptions extends ListenOptions {
  readonly settings?: Partial<OriginSettings>;
  readonly maxBodyBytes?: number;
  readonly log?: (line: string) => void;
}

/**
 * The origin of `src/` on a real socket: the same `createOrigin` the simulator drives, with the real clock
 * and real randomness, behind the thin node:http adapter of `http-front.ts`. Nothing here decides anything
 * about a request.
 */
export async function startOriginServer(options: OriginServerOptions = {}): Promise<RunningOrigin> {
  const origin = createOrigin(realEnvironment(), { ...defaultOriginSettings, ...options.settings });
  const server = httpFront((req) => origin.handle(req), options);
  const running = await listen(server, options);
  return { url: running.url, close: () => running.close(), origin };
}
