import type { SocketPeer } from '../src/graph/subscriptions/connection.js';
import type { HttpRequest, HttpResponse } from '../src/http/message.js';
import { problem, problemResponse } from '../src/http/problem.js';
import { createOrigin, defaultOriginSettings, type Origin, type OriginSettings } from '../src/origin.js';
import { createOriginStorage } from '../src/origin-storage.js';
import { CrashPlan, type CrashSwitch } from './crash-switch.js';
import { type FrontOptions, httpFront } from './http-front.js';
import type { HeapBudget } from './heap-budget.js';
import { defaultGraceMs, listen, type ListenOptions, type RunningServer } from './listening-server.js';
import { realEnvironment } from './real-environment.js';
import type { OutgoingLimits } from './outgoing-flow.js';
import { socketFront } from './socket-door.js';
import { committedFirst } from './storage/committed-peer.js';
import { DurableTables, StorageRefused } from './storage/durable-tables.js';

export type { RunningServer } from './listening-server.js';

export interface RunningOrigin extends RunningServer {
  readonly origin: Origin;
  /** The data folder, absolute, or undefined when everything is in memory. */
  readonly dataDir: string | undefined;
}

export interface OriginServerOptions extends ListenOptions, Pick<FrontOptions, 'allowedHosts' | 'fronts'> {
  readonly settings?: Partial<OriginSettings>;
  readonly maxBodyBytes?: number;
  readonly log?: (line: string) => void;
  /** How long a WebSocket may wait before `connection_init` (graphql-ws's default, 3 s, when unset). */
  readonly connectionInitWaitMs?: number;
  /** How often each WebSocket is pinged; one that missed the last pong is cut (12 s, as graphql-ws, when unset). */
  readonly keepAliveMs?: number;
  /** What a WebSocket may leave untaken before it is read no further, and before it is closed (`outgoing-flow.ts`). */
  readonly outgoingLimits?: OutgoingLimits;
  /**
   * The folder the origin keeps its storage in (`server/storage/`), opened as it was left, or created with
   * the demo data. Unset: storage in memory, gone with the process (what tests and the agreement runs want).
   */
  readonly dataDir?: string;
  /** Where the process kills itself with SIGKILL (`crash-switch.ts`): tests of real crashes only. */
  readonly crash?: CrashSwitch;
  /** Past it, writes and new WebSockets are shed with 503 (`heap-budget.ts`); unset: no budget. */
  readonly heapBudget?: HeapBudget;
}

/**
 * The origin of `src/` on a real socket: the same `createOrigin` the simulator drives, with the real clock
 * and real randomness, behind the thin node:http adapter of `http-front.ts` and, for WebSocket upgrades to
 * `/graphql`, the `ws` adapter of `socket-door.ts`. Nothing here decides anything about a request.
 *
 * With a data folder every request's changes are committed before its answer leaves, and whatever a socket
 * sends waits for the changes made before it (`DurableTables`), so nothing is acknowledged that a crash
 * could take back.
 */
export async function startOriginServer(options: OriginServerOptions = {}): Promise<RunningOrigin> {
  const settings = { ...defaultOriginSettings, ...options.settings };
  const tables = options.dataDir === undefined ? undefined : DurableTables.open(options.dataDir);
  const env = realEnvironment(tables?.signingKey);
  const origin = createOrigin(env, settings, createOriginStorage(env.now, env.newId, settings, tables));
  const crashes = new CrashPlan(options.crash);
  const numbers = new WeakMap<HttpRequest, number>();
  const handle = tables === undefined ? origin.handle : (req: HttpRequest) => tables.serve(() => origin.handle(req)).catch(insufficientStorage);

  const log = options.log ?? ((line: string) => { console.error(line); });
  const openSocket = (req: HttpRequest, peer: SocketPeer) => {
    const shed = options.heapBudget?.shedSocket();
    if (shed !== undefined) return { response: shed, socket: undefined };
    const n = crashes.arrived();
    const opening = origin.openSocket(req, tables === undefined ? peer : committedFirst(peer, tables));
    // The socket opens with the 101: as in the simulator, only `after-response` falls after an upgrade's effect.
    return opening instanceof Promise ? opening.finally(() => crashes.answered(n)) : (crashes.answered(n), opening);
  };
  const sockets = socketFront(openSocket, log, { connectionInitWaitMs: options.connectionInitWaitMs, keepAliveMs: options.keepAliveMs, outgoingLimits: options.outgoingLimits });
  const server = httpFront(async (req) => {
    const n = crashes.arrived();
    numbers.set(req, n);
    const response = options.heapBudget?.shed(req) ?? await handle(req);
    crashes.committed(n);
    return response;
  }, { ...options, upgrade: sockets.upgrade, answered: (req) => crashes.answered(numbers.get(req)!) });
  const running = await listen(server, options);
  return {
    url: running.url,
    // Upgraded sockets are no longer node:http's to close: each is told 1001 while the listener stops.
    close: async () => {
      await Promise.all([sockets.close(options.graceMs ?? defaultGraceMs), running.close()]);
      await tables?.close();
    },
    origin,
    dataDir: tables?.dir,
  };
}

/**
 * A request whose changes the disk refused: 507 (RFC 4918 §11.5), the status for a server that cannot store
 * what a request needs, and nothing of it kept (`StorageRefused`). Reads go on; a write tried again once the
 * disk has room succeeds.
 */
function insufficientStorage(error: unknown): HttpResponse {
  if (!(error instanceof StorageRefused)) throw error;
  return problemResponse(problem(507, 'insufficient-storage', 'Insufficient Storage',
    `The server could not store this request's changes (${error.message}); nothing of it was kept. Send it again later.`), { 'cache-control': 'no-store' });
}
