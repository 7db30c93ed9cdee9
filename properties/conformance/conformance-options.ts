import { optionsOrUsageError, type CommandLine as ReadLine } from '../../sim/command-line/command-line.js';
import type { Options } from '../../sim/command-line/option.js';
import { allChecks, defaultMaxRequests } from './check-list.js';
import { requireCoverageOption } from './coverage-matrix.js';
import type { ConformanceSettings } from './conformance-settings.js';
import { type CredentialSpec, parseCredential } from './credential-spec.js';
import { type InProcessOptions, lines } from './in-process.js';
import { isLoopbackUrl } from './loopback.js';
import type { EndpointShape } from './service-shape.js';
import type { GivenSettings } from './shape-overrides.js';

export interface ConformanceOptions {
  readonly baseUrl: string;
  readonly cacheUrl: string | undefined;
  readonly user: CredentialSpec;
  readonly otherUser: CredentialSpec;
  readonly userId: string | undefined;
  readonly otherUserId: string | undefined;
  readonly json: boolean;
  readonly junitFile: string | undefined;
  /** Where to write the HTML report (`--html`), if anywhere. */
  readonly htmlFile: string | undefined;
  /** Names of the checks to run; all when undefined. */
  readonly only: readonly string[] | undefined;
  /** Every check run must pass: a skip or a "could not run" fails the run (exit 1). */
  readonly requireAll: boolean;
  /** The share of the description's operations, in percent, the checks must send a request to (exit 1 below it). */
  readonly requireCoverage: number | undefined;
  /** Endpoints that take no credential (`POST /users`, a registration): gate 1 is not probed there. */
  readonly publicEndpoints: readonly EndpointShape[];
  readonly maxRequests: number;
  readonly timeoutMs: number;
  readonly maxTimeMs: number;
  readonly settings: Omit<ConformanceSettings, 'runId'>;
}

/** `--config`: a target description, run in the simulator. */
export interface ConfigOptions extends InProcessOptions {
  readonly json: boolean;
  readonly junitFile: string | undefined;
  readonly htmlFile: string | undefined;
  readonly only: readonly string[] | undefined;
  readonly requireAll: boolean;
  readonly requireCoverage: number | undefined;
  readonly maxRequests: number;
  readonly maxTimeMs: number;
}

/**
 * `--config` with `--base-url`: a target description run over sockets against the deployment at the URL.
 * Users and settings given here win over the description's.
 */
export interface DescribedOptions extends Omit<ConformanceOptions, 'user' | 'otherUser' | 'settings'> {
  readonly configFile: string;
  readonly user: CredentialSpec | undefined;
  readonly otherUser: CredentialSpec | undefined;
  /** Only what the command line said: the description's own values stand for the rest. */
  readonly given: GivenSettings;
}

export type CommandLine =
  | { readonly kind: 'run'; readonly options: ConformanceOptions }
  | { readonly kind: 'run-described'; readonly options: DescribedOptions }
  | { readonly kind: 'run-config'; readonly options: ConfigOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'list' }
  | { readonly kind: 'usage-error'; readonly error: string };

export const defaultTimeoutMs = 5_000;
export const defaultMaxTimeMs = 120_000;
const maxOrderIds = 50;

export const usage = `Usage: npm run conformance -- --base-url <url> --user <credential> --other-user <credential> [options]
       npx apisim conformance --config <apisim.config.ts> [--seed <n>] [--line <line>] [options]
       npx apisim conformance --config <apisim.config.ts> --base-url <url> [options]

Runs the principle checks of the spec against a live deployment. It creates and deletes data there.
With --config, runs them in the simulator against the app the target description names, on virtual time:
nothing real is touched, and a failure prints the one command that replays it.
With --config and --base-url, runs them over sockets against the deployment at the URL, reading the shape
and the users' sign-in from the description; the options below win where they say the same thing.

In the simulator
  --config <file>             a target description (apisim.config.ts, docs/conformance-config.md)
  --seed <n>                  decides everything random in the run (default 1)
  --line <line>               stable (default), unstable (first response of each exchange lost once),
                              lossy (10% of messages lost), crash (the origin dies mid-run and
                              restarts: apisim's own, or an app whose module exports restart(app));
                              on a faulty line the client re-sends, keyed

Target
  --base-url <url>            the origin (required); loopback only unless --allow-remote
  --cache-url <url>           a cache in front of the same origin (else cache/unsafe-invalidates is skipped)
  --allow-remote              allow a target that is not this machine
Credentials (two different ordinary users)
  --user <credential>         user:password | session:user:password | token:user:password | bearer:<token> | cookie:<name>=<value>
  --other-user <credential>   the same forms (with --config, optional: each replaces the description's user)
  --user-id <id>, --other-user-id <id>   their user ids, when the login does not tell them
Output
  --json                      the result as JSON on stdout
  --junit <file>              also write a JUnit XML report
  --html <file>               also write an HTML report: the verdicts, and each failure's requests drawn
                              as a sequence diagram with their headers and bodies (in the simulator, hop
                              by hop through the line and the cache, on virtual time)
  --only <name,...>           run only these checks (see --list)
  --require-all               every check run must pass: one skipped or that could not run fails the run
  --require-coverage <percent>   with --config naming an OpenAPI description: fail the run (exit 1) when
                              the checks sent a request to fewer of its operations than that
  --list                      list the checks and exit
  --public <'METHOD /path',...>   endpoints that take no credential (a registration, POST /users): not
                              probed for a 401 (with --config, add to the description's public)
Bounds
  --max-requests <n>          requests in all (default ${defaultMaxRequests})
  --timeout-ms <n>            per request (default ${defaultTimeoutMs})
  --max-time-ms <n>           for the whole run (default ${defaultMaxTimeMs})
What the spec leaves open (defaults: apisim's choices)
  --order-ids <a-b|a,b,...>   orders to probe (default 121-126)
  --note-field <name>         the member a note's content travels under (default content)
  --idempotency-key-style <sf-string|bare>   (default sf-string, as the IETF draft writes it)
  --graph-user-id <id>        user(id:) in graph queries (default: the user's own id, else 1)
  --graph-max-depth <n>       the depth limit (default: read from the refusal's extensions.maxDepth)
  --persisted-queries <apq|off>   Apollo APQ for GET /graphql (default apq)

Exit code: 0 a check passed and none failed, 1 a check failed or ended in an error (with --require-all: or
did not pass), 2 usage error or target unreachable, 3 nothing was checked (every check skipped or could not run).`;

function orderIds(text: string | undefined): readonly number[] | string {
  if (text === undefined) return [121, 122, 123, 124, 125, 126];
  const range = /^(\d+)-(\d+)$/.exec(text);
  const ids = range !== null ? Array.from({ length: Math.max(0, Number(range[2]) - Number(range[1]) + 1) }, (_, i) => Number(range[1]) + i) : text.split(',').map((s) => (/^\d+$/.test(s.trim()) ? Number(s) : NaN));
  if (ids.length === 0 || ids.length > maxOrderIds || ids.some((id) => !Number.isSafeInteger(id))) return `--order-ids must be a range a-b or a list a,b,... of 1 to ${maxOrderIds} ids, got "${text}"`;
  return ids;
}

function targetUrl(name: string, text: string, allowRemote: boolean): string | { error: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `--${name} is not a URL: "${text}"` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `--${name} must be http or https, got ${url.protocol}` };
  if (url.search !== '' || url.hash !== '') return { error: `--${name} must not have a query or fragment: "${text}"` };
  if (!allowRemote && !isLoopbackUrl(url)) {
    return { error: `--${name} ${url.host} is not this machine; the suite creates and deletes data, so a remote target needs --allow-remote` };
  }
  return text.replace(/\/+$/, '');
}

/** Every option of the command, as the one command-line reader takes them. */
const options = {
  'base-url': { type: 'string', example: 'http://127.0.0.1:3000' },
  'cache-url': { type: 'string', example: 'http://127.0.0.1:3001' },
  'allow-remote': { type: 'boolean' },
  user: { type: 'string', example: 'alice:alice-pw' },
  'other-user': { type: 'string', example: 'bob:bob-pw' },
  'user-id': { type: 'string', example: '1' },
  'other-user-id': { type: 'string', example: '2' },
  json: { type: 'boolean' },
  junit: { type: 'string', example: 'conformance.xml' },
  html: { type: 'string', example: 'conformance.html' },
  only: { type: 'string', example: 'orders/owner-isolation' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'require-all': { type: 'boolean' },
  'require-coverage': requireCoverageOption,
  public: { type: 'string', example: "'POST /users'" },
  'max-requests': { type: 'integer', range: 'positive', example: String(defaultMaxRequests) },
  'timeout-ms': { type: 'integer', range: 'positive', example: String(defaultTimeoutMs) },
  'max-time-ms': { type: 'integer', range: 'positive', example: String(defaultMaxTimeMs) },
  'order-ids': { type: 'string', example: '121-126' },
  'note-field': { type: 'string', example: 'content' },
  'idempotency-key-style': { type: 'choice', choices: ['sf-string', 'bare'] },
  'graph-user-id': { type: 'string', example: '1' },
  'graph-max-depth': { type: 'integer', range: 'positive', example: '8' },
  'persisted-queries': { type: 'choice', choices: ['apq', 'off'] },
  config: { type: 'string', example: 'apisim.config.ts' },
  seed: { type: 'integer', range: [0, 999_999_999], example: '1' },
  line: { type: 'choice', choices: lines },
} as const satisfies Options;

type Values = ReadLine<typeof options>['values'];

/** Reads the command line; every mistake is a usage error with a message that says how to fix it. */
export function parseConformanceCli(argv: readonly string[]): CommandLine {
  const read = optionsOrUsageError(argv, options);
  if ('usageError' in read) return { kind: 'usage-error', error: read.usageError };
  const { values } = read;
  if (values.help === true) return { kind: 'help' };
  if (values.list === true) return { kind: 'list' };
  const fail = (error: string): CommandLine => ({ kind: 'usage-error', error });
  const allowRemote = values['allow-remote'] === true;
  const configFile = values.config;
  if (configFile !== undefined && values['base-url'] === undefined) return configLine(configFile, values);
  if (configFile === undefined && values['require-coverage'] !== undefined) return fail('--require-coverage counts the operations of an OpenAPI description: give --config naming a target description with openapi');
  for (const name of ['seed', 'line'] as const) {
    if (values[name] !== undefined) return fail(`--${name} is for a run in the simulator: ${configFile === undefined ? 'give --config <apisim.config.ts>' : 'give --config without --base-url'}`);
  }
  if (configFile === '') return fail('--config needs a file');

  if (values['base-url'] === undefined) return fail('--base-url is required: the suite has no default target');
  const baseUrl = targetUrl('base-url', values['base-url'], allowRemote);
  if (typeof baseUrl !== 'string') return fail(baseUrl.error);
  const cacheUrl = values['cache-url'] === undefined ? undefined : targetUrl('cache-url', values['cache-url'], allowRemote);
  if (typeof cacheUrl === 'object') return fail(cacheUrl.error);

  // A description names its users; without one, the command line must.
  if (configFile === undefined && (values.user === undefined || values['other-user'] === undefined)) return fail('--user and --other-user are both required: owner isolation needs two users');
  if (values.user !== undefined && values.user === values['other-user']) return fail('--user and --other-user must be two different users');
  const user = values.user === undefined ? undefined : parseCredential(values.user);
  if (user?.ok === false) return fail(`--user: ${user.error}`);
  const otherUser = values['other-user'] === undefined ? undefined : parseCredential(values['other-user']);
  if (otherUser?.ok === false) return fail(`--other-user: ${otherUser.error}`);
  if (values['user-id'] !== undefined && values['user-id'] === values['other-user-id']) return fail('--user-id and --other-user-id must differ');

  const only = onlyChecks(values.only);
  if (typeof only === 'string') return fail(only);
  const publicEndpoints = endpointList(values.public);
  if (typeof publicEndpoints === 'string') return fail(publicEndpoints);

  const ids = orderIds(values['order-ids']);
  if (typeof ids === 'string') return fail(ids);
  const noteField = values['note-field'] ?? 'content';
  if (noteField === '') return fail('--note-field must not be empty');

  const common = {
    baseUrl, cacheUrl, userId: values['user-id'], otherUserId: values['other-user-id'],
    json: values.json === true, junitFile: values.junit, htmlFile: values.html, only, requireAll: values['require-all'] === true, requireCoverage: values['require-coverage'], publicEndpoints,
    maxRequests: values['max-requests'] ?? defaultMaxRequests, timeoutMs: values['timeout-ms'] ?? defaultTimeoutMs, maxTimeMs: values['max-time-ms'] ?? defaultMaxTimeMs,
  };
  const settings = {
    orderIds: ids, noteField, idempotencyKeyStyle: values['idempotency-key-style'] ?? 'sf-string', graphUserId: values['graph-user-id'],
    graphMaxDepth: values['graph-max-depth'], persistedQueries: values['persisted-queries'] ?? 'apq',
  };
  if (configFile !== undefined) {
    const optionOf = { orderIds: 'order-ids', noteField: 'note-field', idempotencyKeyStyle: 'idempotency-key-style', graphUserId: 'graph-user-id', graphMaxDepth: 'graph-max-depth', persistedQueries: 'persisted-queries' } as const;
    const given = Object.fromEntries(Object.entries(settings).filter(([member]) => values[optionOf[member as keyof typeof optionOf]] !== undefined)) as GivenSettings;
    return { kind: 'run-described', options: { ...common, configFile, user: user?.spec, otherUser: otherUser?.spec, given } };
  }
  return { kind: 'run', options: { ...common, user: user!.spec, otherUser: otherUser!.spec, settings } };
}

/** `--only a,b`: the names, or a usage error's message. */
function onlyChecks(text: string | undefined): readonly string[] | undefined | string {
  const known = new Set(allChecks.map((c) => c.name));
  const only = text?.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = only?.filter((name) => !known.has(name)) ?? [];
  if (unknown.length > 0) return `--only: no check named ${unknown.join(', ')} (see --list)`;
  if (only?.length === 0) return '--only needs at least one check name';
  return only;
}

/** `--public 'POST /users,GET /health'`: the endpoints, or a usage error's message. */
function endpointList(text: string | undefined): readonly EndpointShape[] | string {
  if (text === undefined) return [];
  const endpoints = text.split(',').map((s) => s.trim()).filter((s) => s !== '').map((s) => /^([A-Z]{1,16}) +(\/\S*)$/.exec(s));
  if (endpoints.length === 0 || endpoints.some((m) => m === null)) return `--public must list endpoints as 'METHOD /path' separated by commas (e.g. 'POST /users'), got "${text}"`;
  return endpoints.map((m) => ({ method: m![1]!, path: m![2]! }));
}

/** What a target description says for itself, and so may not be given beside --config in the simulator. */
const describedByConfig = [
  'user', 'other-user', 'user-id', 'other-user-id',
  'order-ids', 'note-field', 'idempotency-key-style', 'graph-user-id', 'graph-max-depth', 'persisted-queries',
] as const;

/** What only a run over sockets has: a cache to reach, a remote host, a real per-request timeout. */
const socketsOnly = ['cache-url', 'allow-remote', 'timeout-ms', 'public'] as const;

/** `--config` without `--base-url`: the description in the simulator. */
function configLine(configFile: string, values: Values): CommandLine {
  const fail = (error: string): CommandLine => ({ kind: 'usage-error', error });
  const overSockets = socketsOnly.find((name) => values[name] !== undefined);
  if (overSockets !== undefined) return fail(`--${overSockets} is for a run over sockets: with --config, give --base-url too`);
  const given = describedByConfig.find((name) => values[name] !== undefined);
  if (given !== undefined) return fail(`--${given} does not go with --config in the simulator: the target description says it (over sockets, with --base-url, it would win over the description; docs/conformance-config.md)`);
  if (configFile === '') return fail('--config needs a file');
  const only = onlyChecks(values.only);
  if (typeof only === 'string') return fail(only);
  return {
    kind: 'run-config',
    options: {
      configFile, seed: values.seed ?? 1, line: values.line ?? 'stable', json: values.json === true, junitFile: values.junit, htmlFile: values.html, only, requireAll: values['require-all'] === true,
      requireCoverage: values['require-coverage'], maxRequests: values['max-requests'] ?? defaultMaxRequests, maxTimeMs: values['max-time-ms'] ?? defaultMaxTimeMs,
    },
  };
}
