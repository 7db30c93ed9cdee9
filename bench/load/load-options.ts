import { parseArgs } from 'node:util';
import { workloads as allWorkloads } from './workloads.js';

const workloadNames = allWorkloads('names').map((w) => w.name);

export interface LoadOptions {
  /** A server already running (`npm start -- --front --rate-limit off`); without it `npm run load` starts one. */
  readonly baseUrl: string | undefined;
  /** Its shared cache; with `--base-url` and no `--cache-url`, the next port, where `--front` puts it. */
  readonly cacheUrl: string | undefined;
  /** The process behind `--base-url`, to read its RSS; the rows leave RSS empty without it. */
  readonly serverPid: number | undefined;
  readonly durationSeconds: number;
  readonly rounds: number;
  readonly connections: number;
  /** The workloads to run, by name, in the report's order; all four by default. */
  readonly workloads: readonly string[];
  /** Relative to the working folder; `reports/load.csv` by default (npm runs scripts from the project root). */
  readonly out: string;
}

export const usage = `Usage: npm run load [-- --base-url URL [--cache-url URL] [--server-pid PID]] [--duration 5] [--rounds 3] [--connections 10] [--workloads a,b] [--out reports/load.csv]

Load-tests apisim's real server with autocannon, beside a node:http hello-world (the ceiling) in the same run.
Without --base-url it starts npm start's server itself (--port 0 --front --rate-limit off, --data in a temporary
folder) and stops it after.
  --base-url URL     a server already running; start it with --rate-limit off, or the rows measure 429s
  --cache-url URL    its shared cache (default: the port after --base-url's, as --front lays them out)
  --server-pid PID   its process, to read its RSS (Linux /proc); without it the RSS columns stay empty
  --duration S       seconds per workload and target (default 5)
  --rounds N         the whole set N times, so the RSS columns show whether memory grows (default 3)
  --connections N    concurrent keep-alive connections (default 10)
  --workloads LIST   some of ${workloadNames.join(', ')} (default: all)
  --out FILE         where the CSV goes (default reports/load.csv)`;

export type ParsedLoadCli = { readonly kind: 'run'; readonly options: LoadOptions } | { readonly kind: 'help' } | { readonly kind: 'usage-error'; readonly message: string };

const positive = (text: string | undefined, fallback: number, whole: boolean): number | undefined => {
  if (text === undefined) return fallback;
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && n > 0 && (!whole || Number.isInteger(n)) ? n : undefined;
};

export function parseLoadCli(argv: readonly string[]): ParsedLoadCli {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'base-url': { type: 'string' }, 'cache-url': { type: 'string' }, 'server-pid': { type: 'string' }, duration: { type: 'string' },
        rounds: { type: 'string' }, connections: { type: 'string' }, workloads: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: 'usage-error', message: (error as Error).message };
  }
  if (values.help === true) return { kind: 'help' };
  const baseUrl = values['base-url'];
  for (const [flag, url] of [['--base-url', baseUrl], ['--cache-url', values['cache-url']]] as const) {
    if (url !== undefined && !URL.canParse(url)) return { kind: 'usage-error', message: `${flag} must be a URL, got ${JSON.stringify(url)}` };
  }
  if (baseUrl === undefined && (values['cache-url'] !== undefined || values['server-pid'] !== undefined)) {
    return { kind: 'usage-error', message: '--cache-url and --server-pid describe a server given with --base-url' };
  }
  const durationSeconds = positive(values.duration, 5, false);
  const rounds = positive(values.rounds, 3, true);
  const connections = positive(values.connections, 10, true);
  const serverPid = values['server-pid'] === undefined ? undefined : positive(values['server-pid'], 0, true);
  if (durationSeconds === undefined) return { kind: 'usage-error', message: `--duration must be a positive number of seconds, got ${JSON.stringify(values.duration)}` };
  if (rounds === undefined) return { kind: 'usage-error', message: `--rounds must be a positive integer, got ${JSON.stringify(values.rounds)}` };
  if (connections === undefined) return { kind: 'usage-error', message: `--connections must be a positive integer, got ${JSON.stringify(values.connections)}` };
  if (values['server-pid'] !== undefined && serverPid === undefined) return { kind: 'usage-error', message: `--server-pid must be a process id, got ${JSON.stringify(values['server-pid'])}` };
  const chosen = values.workloads === undefined ? workloadNames : values.workloads.split(',').map((name) => name.trim());
  const unknown = chosen.filter((name) => !workloadNames.includes(name));
  if (chosen.length === 0 || unknown.length > 0) return { kind: 'usage-error', message: `--workloads takes names from ${workloadNames.join(', ')}, got ${JSON.stringify(values.workloads)}` };
  const workloads = workloadNames.filter((name) => chosen.includes(name));
  return { kind: 'run', options: { workloads, baseUrl, cacheUrl: values['cache-url'] ?? (baseUrl === undefined ? undefined : nextPort(baseUrl)), serverPid, durationSeconds, rounds, connections, out: values.out ?? 'reports/load.csv' } };
}

/** `http://127.0.0.1:3000` → `http://127.0.0.1:3001`: where `npm start -- --front` puts the cache. */
function nextPort(baseUrl: string): string {
  const url = new URL(baseUrl);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  url.port = String(port + 1);
  return url.origin;
}
