import { optionsOrUsageError } from '../sim/command-line/command-line.js';
import type { OrdersBehaviour } from '../src/policy/policy.js';
import { type AllowedHosts, parseAllowedHosts } from './allowed-hosts.js';
import { isIP } from 'node:net';
import { defaultHost } from './listening-server.js';
import { defaultHeapBudgetFraction } from './heap-budget.js';
import { parseRateLimit, type RateLimitOption } from './rate-limit-option.js';

export const defaultPort = 3000;

/** Where `npm start` keeps its data unless told: a folder in the working directory, named for what it is. */
export const defaultDataDir = 'apisim-data';

export interface ServeOptions {
  /** The origin's port; with `front`, the cache listens on the next port and the unstable line on the one after (0: any free ports). */
  readonly port: number;
  readonly host: string;
  /** `--allowed-hosts`: the `Host` names answered besides loopback names and IP literals, or any. */
  readonly allowedHosts: AllowedHosts;
  /** `--trust-proxy`: the addresses of fronts whose `Forwarded` names the client (the in-process front is always believed). */
  readonly trustProxy: readonly string[];
  readonly orders: OrdersBehaviour;
  /** `--hide-existence`: 404 for someone else's order as for a missing one, instead of the spec's 403. */
  readonly hideExistence: boolean;
  readonly front: boolean;
  readonly rateLimit: RateLimitOption;
  /** The data folder; undefined with `--memory`. */
  readonly dataDir: string | undefined;
  /** `--heap-budget`: the share of the heap past which writes are shed with 503, or undefined for off. */
  readonly heapBudget: number | undefined;
}

export const usage = `Usage: npm start [-- --port 3000] [--host 127.0.0.1] [--allowed-hosts NAME,...|all] [--trust-proxy ADDR,...] [--orders owner-check|login-only] [--hide-existence] [--front] [--rate-limit N/s|off] [--heap-budget F|off] [--data DIR | --memory]

Serves the origin of src/ over HTTP/1.1 on real sockets.
  --port N     the origin's port (default: $PORT, else ${defaultPort}; 0 picks free ports)
  --host H     the address to listen on (default ${defaultHost}: this machine only)
  --allowed-hosts NAMES  the Host names answered besides localhost, *.localhost and IP addresses,
               separated by commas (.example.com: it and every name below it), or all; any other
               Host gets 421, so a page on a site that rebinds its name to this machine reads nothing
  --trust-proxy ADDRS  IP addresses, separated by commas, of a reverse proxy of your own in front: the
               client address its Forwarded (or X-Forwarded-For) names is the one the login throttle
               counts. --front's proxies are believed without it; nobody else is
  --orders M   GET /orders/<id>: owner-check (default) or login-only (spec §1.2, deliberately unsafe)
  --hide-existence  someone else's order is 404, as one that does not exist (default: 403, the spec's
               pair, which lets a caller tell which order ids exist)
  --front      also the shared cache as a reverse proxy on port+1 (in front of the origin) and the
               unstable line on port+2 (in front of the cache): the first response of each request is lost
  --rate-limit R  per caller: N/s (N requests a second, a burst of 3 s of them; default 10/s) or off
                  (no request limit and no graph cost budget: for load tests, npm run load)
  --data DIR   keep notes, users, posts, orders, sessions, idempotency records and the audit log in DIR
               (an LMDB database; default ./${defaultDataDir}): a restart, even after a crash, finds what
               was acknowledged. A new folder starts with the demo data.
  --memory     keep everything in memory instead: each start begins afresh with the demo data
  --heap-budget F  past this share of node's heap (--max-old-space-size), kept after a full collection,
               writes and new WebSockets get 503 with Retry-After; reads and deletes go on (default
               ${defaultHeapBudgetFraction}; off: none). A data folder that would not fit the heap is refused at start
  --help       this text
Stop with Ctrl-C (SIGINT) or SIGTERM: requests in flight finish, then the process exits 0.`;

export type ParsedCli = { readonly kind: 'serve'; readonly options: ServeOptions } | { readonly kind: 'help' } | { readonly kind: 'usage-error'; readonly message: string };

const options = {
  // Text, not an integer option: PORT says the same and gets the same check, whose top depends on --front.
  port: { type: 'string', example: String(defaultPort) },
  host: { type: 'string', example: defaultHost },
  'allowed-hosts': { type: 'string', example: 'apisim.internal,.example.com' },
  'trust-proxy': { type: 'string', example: '10.0.0.5' },
  orders: { type: 'choice', choices: ['owner-check', 'login-only'] },
  'hide-existence': { type: 'boolean' },
  front: { type: 'boolean' },
  'rate-limit': { type: 'string', example: '500/s' },
  data: { type: 'string', example: defaultDataDir },
  memory: { type: 'boolean' },
  'heap-budget': { type: 'string', example: '0.7' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Reads the command line and `PORT`; anything it cannot use is a usage error, never a guess. */
export function parseCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParsedCli {
  const read = optionsOrUsageError(argv, options);
  if ('usageError' in read) return { kind: 'usage-error', message: read.usageError };
  const { values } = read;
  if (values.help === true) return { kind: 'help' };
  const front = values.front === true;
  const portText = values.port ?? env.PORT;
  const port = portText === undefined || portText === '' ? defaultPort : Number(portText);
  // With the front, the cache and the unstable line take the next two ports.
  const maxPort = front ? 65_533 : 65_535;
  const digits = portText === undefined || portText === '' || /^\d+$/.test(portText);
  if (!digits || port > maxPort) {
    return { kind: 'usage-error', message: `the port must be an integer from 0 to ${maxPort}${front ? ' (the front takes the next two)' : ''}, got ${JSON.stringify(portText)}` };
  }
  const host = values.host ?? defaultHost;
  if (host === '') return { kind: 'usage-error', message: 'the host must not be empty' };
  const allowedHosts = parseAllowedHosts(values['allowed-hosts']);
  if (allowedHosts === undefined) {
    return { kind: 'usage-error', message: `--allowed-hosts must be host names separated by commas, or all, got ${JSON.stringify(values['allowed-hosts'])}` };
  }
  const trustProxy = values['trust-proxy']?.split(',').map((address) => address.trim()) ?? [];
  if (trustProxy.some((address) => isIP(address) === 0)) {
    return { kind: 'usage-error', message: `--trust-proxy must be IP addresses separated by commas, got ${JSON.stringify(values['trust-proxy'])}` };
  }
  const orders = values.orders ?? 'owner-check';
  const rateLimit = parseRateLimit(values['rate-limit']);
  if (rateLimit === undefined) {
    return { kind: 'usage-error', message: `--rate-limit must be N/s (N > 0 requests a second) or off, got ${JSON.stringify(values['rate-limit'])}` };
  }
  if (values.memory === true && values.data !== undefined) return { kind: 'usage-error', message: '--data and --memory cannot both be given: one keeps the data in a folder, the other nowhere' };
  if (values.data === '') return { kind: 'usage-error', message: '--data must name a folder' };
  const dataDir = values.memory === true ? undefined : (values.data ?? defaultDataDir);
  const budgetText = values['heap-budget'] ?? String(defaultHeapBudgetFraction);
  const heapBudget = budgetText === 'off' ? undefined : Number(budgetText);
  if (heapBudget !== undefined && !(/^\d*\.?\d+$/.test(budgetText) && heapBudget > 0 && heapBudget <= 1)) {
    return { kind: 'usage-error', message: `--heap-budget must be a share of the heap above 0 and at most 1 (such as 0.8), or off, got ${JSON.stringify(budgetText)}` };
  }
  return { kind: 'serve', options: { port, host, allowedHosts, trustProxy, orders, hideExistence: values['hide-existence'] === true, front, rateLimit, dataDir, heapBudget } };
}
