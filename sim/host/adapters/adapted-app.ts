import type { HttpRequest } from '../../../src/http/message.js';
import type { OriginProcess } from '../../nodes/origin-process.js';

/** What an adapter makes of an app: an origin process with a handler and nothing else (no alerts, no sockets). */
export type AdaptedApp = Pick<OriginProcess, 'handle'>;

export interface AdapterOptions {
  /**
   * Told of every error the app threw or rejected with (and every broken answer) that the adapter turned
   * into a 500. The 500's body does not carry the error, as no front server's does; this is where to log it.
   */
  readonly onError?: (error: unknown, request: HttpRequest) => void;
}
