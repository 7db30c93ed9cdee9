import { parseCli, type ServeOptions, usage } from './start-options.js';
import { crashSwitchVariable, parseCrashSwitch } from './crash-switch.js';
import { startCacheProxy } from './cache-proxy.js';
import type { RunningServer } from './listening-server.js';
import { HeapBudget } from './heap-budget.js';
import { startOriginServer } from './origin-server.js';
import { rateLimitSettings } from './rate-limit-option.js';
import { DataFolderRefused } from './storage/data-folder.js';
import { isCommitEcho } from './storage/durable-tables.js';
import { startBanner } from './start-banner.js';
import { TrustedFronts } from './forwarded-for.js';
import { startUnstableProxy } from './unstable-proxy.js';

/** Exit statuses: 2 for a command line or data folder we cannot use (as getopt tools do), 1 when a socket cannot be had. */
const usageExit = 2;
const startExit = 1;

async function serve(options: ServeOptions): Promise<void> {
  const frontPort = (offset: number): number => (options.port === 0 ? 0 : options.port + offset);
  const host = options.host;
  // One for the whole chain: each hop believes the `Forwarded` of the hop in front of it, and nobody else's.
  const fronts = new TrustedFronts(options.trustProxy);
  const running: RunningServer[] = [];
  try {
    const origin = await startOriginServer({
      port: options.port, host, allowedHosts: options.allowedHosts, fronts, dataDir: options.dataDir, crash: parseCrashSwitch(process.env[crashSwitchVariable]),
      heapBudget: options.heapBudget === undefined ? undefined : new HeapBudget(options.heapBudget).watch(),
      settings: { orders: options.orders, orderExistence: options.hideExistence ? 'hidden' : 'revealed', ...rateLimitSettings(options.rateLimit) },
    });
    running.push(origin);
    let cacheUrl: string | undefined;
    let unstableUrl: string | undefined;
    if (options.front) {
      const cache = await startCacheProxy({ upstreamUrl: origin.url, port: frontPort(1), host, allowedHosts: options.allowedHosts, fronts });
      running.push(cache);
      const unstable = await startUnstableProxy({ upstreamUrl: cache.url, port: frontPort(2), host, allowedHosts: options.allowedHosts, fronts });
      running.push(unstable);
      cacheUrl = cache.url;
      unstableUrl = unstable.url;
    }
    console.log(startBanner({ originUrl: origin.url, cacheUrl, unstableUrl, orders: options.orders, existenceHidden: options.hideExistence, state: origin.origin.state(), dataDir: origin.dataDir }));
  } catch (error) {
    console.error(`Could not start: ${(error as Error).message}`);
    await Promise.all(running.map((s) => s.close()));
    // A data folder the server must not use (in use, foreign, damaged) is the user's to change, as a bad option is.
    process.exit(error instanceof DataFolderRefused ? usageExit : startExit);
  }
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: no new connections; letting requests in flight finish...`);
    // Front first, so nothing arrives at a server that is already closing from a proxy still open.
    void [...running].reverse().reduce((done, s) => done.then(() => s.close()), Promise.resolve()).then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`Stopping failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// A full disk is answered with 507 and the process goes on (`StorageRefused`); lmdb-js's echo of the refused
// commit must not end it. Any other unhandled rejection still does, as node's default would.
process.on('unhandledRejection', (reason) => {
  if (!isCommitEcho(reason)) throw reason;
});

const parsed = parseCli(process.argv.slice(2), process.env);
if (parsed.kind === 'help') console.log(usage);
else if (parsed.kind === 'usage-error') {
  console.error(`npm start: ${parsed.message}\n\n${usage}`);
  process.exit(usageExit);
} else await serve(parsed.options);
