import { optionsOrUsageError } from '../../sim/command-line/command-line.js';
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

const options = {
  'base-url': { type: 'string', example: 'http://127.0.0.1:3000' },
  'cache-url': { type: 'string', example: 'http://127.0.0.1:3001' },
  'server-pid': { type: 'integer', range: 'positive', example: '4242' },
  duration: { type: 'number', range: 'positive', unit: 'seconds', example: '5' },
  rounds: { type: 'integer', range: 'positive', example: '3' },
  connections: { type: 'integer', range: 'positive', example: '10' },
  workloads: { type: 'string', example: workloadNames.slice(0, 2).join(',') },
  out: { type: 'string', example: 'reports/load.csv' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseLoadCli(argv: readonly string[]): ParsedLoadCli {
  const read = optionsOrUsageError(argv, options);
  if ('usageError' in read) return { kind: 'usage-error', message: read.usageError };
  const { values } = read;
  if (values.help === true) return { kind: 'help' };
  const baseUrl = values['base-url'];
  for (const [flag, url] of [['--base-url', baseUrl], ['--cache-url', values['cache-url']]] as const) {
    if (url !== undefined && !URL.canParse(url)) return { kind: 'usage-error', message: `${flag} must be a URL, got ${JSON.stringify(url)}` };
  }
  if (baseUrl === undefined && (values['cache-url'] !== undefined || values['server-pid'] !== undefined)) {
    return { kind: 'usage-error', message: '--cache-url and --server-pid describe a server given with --base-url' };
  }
  const chosen = values.workloads === undefined ? workloadNames : values.workloads.split(',').map((name) => name.trim());
  const unknown = chosen.filter((name) => !workloadNames.includes(name));
  if (chosen.length === 0 || unknown.length > 0) return { kind: 'usage-error', message: `--workloads takes names from ${workloadNames.join(', ')}, got ${JSON.stringify(values.workloads)}` };
  const workloads = workloadNames.filter((name) => chosen.includes(name));
  return {
    kind: 'run',
    options: {
      workloads, baseUrl, cacheUrl: values['cache-url'] ?? (baseUrl === undefined ? undefined : nextPort(baseUrl)), serverPid: values['server-pid'],
      durationSeconds: values.duration ?? 5, rounds: values.rounds ?? 3, connections: values.connections ?? 10, out: values.out ?? 'reports/load.csv',
    },
  };
}

/** `http://127.0.0.1:3000` → `http://127.0.0.1:3001`: where `npm start -- --front` puts the cache. */
function nextPort(baseUrl: string): string {
  const url = new URL(baseUrl);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  url.port = String(port + 1);
  return url.origin;
}
