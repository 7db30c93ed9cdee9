import { z } from 'zod';
import { demoAccounts } from '../../src/auth/accounts.js';
import { crashPoints, type OriginCrash } from '../faults/origin-crash.js';
import { captureProblems, stepCaptures } from './capture-spec.js';
import { expectProblems, expectSpec } from './expect-spec.js';
import { whereTheyBelong } from './field-homes.js';
import { parseJsonText } from './json-text.js';
import { UserError } from '../user-error.js';
import { appModuleSpec, headerName, httpMethod, orderExistenceMode, ownOriginModes, requestPath } from './vocabulary.js';

/**
 * The scenario format: what a built-in scenario is made of and what `npm run sim -- --file x.json` reads.
 * Every duration is a whole number of microseconds and says so in its name. Unknown fields are errors, so a
 * misspelt knob cannot be silently ignored.
 */
const micros = z.number().int().min(0);
const probability = z.number().min(0).max(1);
const applies = z.enum(['requests', 'responses', 'both']).default('both');

export const faultSpec = z.discriminatedUnion('rule', [
  z.strictObject({ rule: z.literal('unstable') }).describe('The spec\'s unstable line: the first response of each exchange is lost once.'),
  z.strictObject({ rule: z.literal('loss'), probability, applies }).describe('Loses each message with this probability.'),
  z.strictObject({ rule: z.literal('duplicate'), probability, copyDelayUs: micros.default(0), applies })
    .describe('Delivers a second copy copyDelayUs after the first.'),
  z.strictObject({ rule: z.literal('delay'), probability: probability.default(1), extraDelayUs: micros.default(0), jitterUs: micros.default(0), applies })
    .describe('Holds a message back by extraDelayUs plus a uniform jitter in [0, jitterUs]; with a small probability and a large extraDelayUs, a delay spike.'),
  window('partition', 'Loses every message sent in [fromUs, untilUs); with applies "requests" or "responses", a one-way partition.'),
  window('hold', 'Holds every message sent in [fromUs, untilUs) and releases it at untilUs, in the order sent.'),
]);

function window<Rule extends string>(rule: Rule, description: string) {
  return z
    .strictObject({
      rule: z.literal(rule),
      fromUs: micros,
      untilUs: micros,
      applies,
      clients: z.array(z.string()).min(1).optional().describe('Only these clients\' lines (on the WAN); every line when absent.'),
    })
    .refine((w) => w.untilUs > w.fromUs, { message: 'must be later than fromUs', path: ['untilUs'] })
    .describe(description);
}

const crashSpec = z
  .strictObject({
    request: z.number().int().min(1).optional().describe('Crash in the n-th request the origin handles, counted from 1 over the run.'),
    point: z.enum(crashPoints).optional()
      .describe('With request: "before-effect" (default): nothing of it is committed; "after-effect": its change is, its response never leaves; "after-response": it is answered.'),
    atUs: micros.optional().describe('Or crash at this virtual time: requests being handled then are lost before their effect.'),
    downUs: micros.default(200_000),
  })
  .refine((c) => (c.request === undefined) !== (c.atUs === undefined), { message: 'give either "request" or "atUs"' })
  .refine((c) => c.point === undefined || c.request !== undefined, { message: 'a crash at a time has no point: it falls before the effect of whatever is in hand', path: ['point'] })
  .transform((c): OriginCrash => (c.request !== undefined ? { request: c.request, point: c.point ?? 'before-effect', downUs: c.downUs } : { atUs: c.atUs ?? 0, downUs: c.downUs }))
  .describe('The origin process dies and restarts downUs later on the same storage: committed changes and idempotency records survive, work in flight does not.');

const linkSpec = z.strictObject({
  oneWayDelayUs: micros.optional(),
  bandwidthBitsPerSecond: z.union([z.number().positive(), z.literal('unlimited')]).optional(),
  faults: z.array(faultSpec).optional().describe('Appended to the faults the modes add; asked in order, first non-pass wins.'),
});

/**
 * The credential a step sends: `session:alice` (her session cookie), `token:alice` (a bearer token),
 * `token:alice[read:users read:posts]` (a token narrowed at login to those scopes, as `POST /tokens` with
 * `"scope"` issues it), `none`, or a broken one for gate 1 to refuse: `expired-token:`, `forged-token:`
 * (payload changed after signing), `alg-none-token:` (an unsigned JWT), `revoked-session:` (logged out
 * before the run), `unknown-session`.
 */
const userNames = demoAccounts.map((a) => a.username).join('|');
export const credentialSpec = z
  .string()
  .regex(
    new RegExp(`^(none|unknown-session|(session|token|expired-token|forged-token|alg-none-token|revoked-session):(${userNames})|token:(${userNames})\\[((read|write):[a-z]+( (read|write):[a-z]+)*)?\\])$`),
    `must be "none", "unknown-session" or <kind>:<user> with kind session, token, expired-token, forged-token, alg-none-token or revoked-session and user ${demoAccounts.map((a) => a.username).join(', ')}; or token:<user>[<scope> ...] for a narrowed token, e.g. token:bob[read:users]`,
  );

/** A step's path may start with a placeholder, for a captured `Location`; what it becomes is checked when it is sent. */
const stepPath = z.union([requestPath, z.string().regex(/^\{\{[^\s#]*$/)], { error: 'must start with "/" and contain no spaces or fragment' });

export const stepSpec = z
  .strictObject({
    client: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a lower-case name like "alice"').default('client'),
    atUs: micros.optional().describe('Start at this virtual time; without it, the step starts when the previous step of the same client is done.'),
    auth: credentialSpec.optional().describe('Which credential this step sends; by default the client\'s own session when the client is named after a user, else the scenario\'s `auth`.'),
    method: httpMethod,
    path: stepPath,
    headers: z.record(headerName, z.string()).default({}),
    body: z.json().optional().describe('A JSON value, sent as its JSON text; a string that is {{name}} alone is sent as the captured value, number or string.'),
    rawBody: z.string().optional().describe('Sent exactly as written, for bodies that are not valid JSON; it holds no placeholders.'),
    capture: stepCaptures.optional(),
  })
  .refine((step) => step.body === undefined || step.rawBody === undefined, {
    message: 'give either "body" or "rawBody", not both',
    path: ['rawBody'],
  });

/**
 * One GraphQL operation over the socket (graphql-ws, subprotocol `graphql-transport-ws`), usually a
 * subscription. The client opens its socket when it has none (upgrade, `connection_init`, and `subscribe`
 * once acknowledged), shares it among its subscriptions with the same credential, and closes it when the last
 * one has ended.
 */
export const subscriptionSpec = z
  .strictObject({
    client: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a lower-case name like "bob"'),
    auth: credentialSpec.optional().describe('The credential of its socket\'s upgrade; by default as for a step.'),
    atUs: micros.describe('When the client asks for it.'),
    query: z.string().min(1).describe('A subscription, or a query or mutation, which graphql-ws carries too (one next, then complete).'),
    variables: z.record(z.string(), z.json()).optional(),
    operationName: z.string().min(1).optional(),
    untilUs: micros.optional().describe('When the client sends complete for it; without it, it runs until the server ends it or the run ends.'),
    connectionInit: z.boolean().default(true)
      .describe('false: a client that opens its socket and never sends connection_init, so never subscribes; the origin closes it with 4408 once topology.connectionInitWaitUs has passed.'),
  })
  .refine((s) => s.untilUs === undefined || s.untilUs > s.atUs, { message: 'must be later than atUs', path: ['untilUs'] });

/** A count limit, or "unlimited" to switch it off and show the attack it stops (JSON has no Infinity). */
const countLimit = z.union([z.number().int().min(0), z.literal('unlimited')]);

const graphSpec = z.strictObject({
  limits: z
    .strictObject({
      maxDepth: countLimit.optional().describe('Most fields on one path from the operation to a leaf (default 7).'),
      maxCost: countLimit.optional().describe('Highest estimated cost: an upper bound of the objects a query resolves (default 250).'),
      maxAliases: countLimit.optional().describe('Most aliased fields in one operation (default 10).'),
      maxTokens: countLimit.optional().describe('Most lexical tokens in one document, checked while parsing (default 1000).'),
      fieldWeights: z
        .record(z.string().regex(/^[_A-Za-z][_0-9A-Za-z]*\.[_A-Za-z][_0-9A-Za-z]*$/, 'must be written "Type.field"'), z.number().min(0))
        .optional()
        .describe('Cost of one resolution of a field, e.g. {"Post.comments": 3}; a field returning objects never weighs less than 1.'),
      defaultListSize: z.number().int().min(0).optional().describe('Items assumed in a list with no limit argument (default 10).'),
    })
    .default({}),
  persisted: z.enum(['open', 'registered-only']).default('open').describe('"registered-only": only preloadedQueries run, and only by hash.'),
  preloadedQueries: z.array(z.string().min(1)).default([]).describe('The deployment\'s own queries, registered at start.'),
  costBudget: z
    .strictObject({
      maximumAvailable: z.union([z.number().int().min(1), z.literal('unlimited')]).optional()
        .describe('Cost points a caller holds when full (default 1000); "unlimited" switches the budget off.'),
      restoreRate: z.number().positive().optional().describe('Points restored per second of virtual time (default 50).'),
    })
    .default({})
    .describe('Each caller\'s budget of cost points, charged the estimate of every operation before it runs.'),
});

/**
 * What a counterexample file is a counterexample of, as the principle runner (`properties/`) wrote it: the
 * principle by name, the target it broke on, the seed and the plan fast-check drew. The simulator runs the
 * steps as any scenario's; `npx apisim sim --file` also re-judges the plan by the principle, on the target as
 * it is now, and exits 1 while it still fails.
 */
const counterexampleOfSpec = z.strictObject({
  principle: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a principle\'s name, like "idempotent-resend"'),
  target: z.union([
    z.strictObject({ config: z.string().min(1).describe('The target\'s config file (apisim.config.ts), relative to this file.') }),
    z.strictObject({ description: z.record(z.string(), z.json()).describe('The target description itself, its app module relative to this file.') }),
  ]),
  seed: z.number().int().min(0).describe('The seed the plan ran with.'),
  plan: z.json().describe('The run fast-check drew, shrunk: the principle\'s own plan, as data.'),
});

export const scenarioSpec = z.strictObject({
  $schema: z.string().optional().describe('For editors: "./scenario.schema.json" or wherever the schema is.'),
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case words joined by "-"').optional(),
  description: z.string().optional(),
  origin: appModuleSpec.optional(),
  auth: credentialSpec.default('session:alice').describe('The credential of steps that name none and whose client is not named after a user.'),
  topology: z
    .strictObject({
      wan: linkSpec.optional(),
      lan: linkSpec.optional(),
      originProcessingUs: micros.optional(),
      cacheHitUs: micros.optional(),
      connectionInitWaitUs: micros.optional().describe('How long the origin waits for a new socket\'s connection_init before closing it with 4408 (default 3000000, graphql-ws\'s).'),
    })
    .default({}),
  modes: z
    .strictObject({
      idempotencyKey: z.enum(['optional', 'required']).default('optional').describe('"required": the origin refuses a POST without an Idempotency-Key (400).'),
      ...ownOriginModes,
      orderExistence: orderExistenceMode.optional(),
      line: z.enum(['stable', 'unstable']).default('stable').describe('"unstable" puts the spec\'s unstable rule first on every WAN link.'),
      client: z
        .strictObject({
          policy: z.enum(['naive', 'safe', 'keyed']).optional()
            .describe('Which requests are re-sent: "naive" all; "safe" (default) idempotent ones, others only with an Idempotency-Key; "keyed" also gives every unsafe request (POST, PATCH, PUT, DELETE) a key.'),
          timeoutUs: z.number().int().min(1).optional(),
          maxAttempts: z.number().int().min(1).max(100).optional(),
          backoffBaseUs: micros.optional().describe('Wait before a re-send: uniform in [0, min(backoffMaxUs, backoffBaseUs x 2^(attempt-1))]; 0 (default) re-sends at the timeout.'),
          backoffMaxUs: micros.optional().describe('The cap on one backoff wait (default 30000000).'),
        })
        .default({}),
    })
    .default({ cache: 'rfc9111', idempotencyKey: 'optional', idempotencyRecord: 'with-effect', orders: 'owner-check', line: 'stable', client: {} }),
  graph: graphSpec.default({ limits: {}, persisted: 'open', preloadedQueries: [], costBudget: {} }).describe('The /graphql endpoint\'s limits and persisted-query mode.'),
  steps: z.array(stepSpec).min(1, 'a scenario needs at least one step').max(100_000),
  crashes: z.array(crashSpec).max(1_000).default([]).describe('Crashes of the origin process, each followed by a restart on the same storage.'),
  subscriptions: z
    .array(subscriptionSpec)
    .max(10_000)
    .default([])
    .describe('GraphQL operations over a WebSocket (graphql-ws): each opens its client\'s socket if it has none, subscribes at atUs and completes at untilUs.'),
  expect: expectSpec.optional(),
  counterexampleOf: counterexampleOfSpec.optional()
    .describe('Written with a principle\'s counterexample: replaying the file re-judges it by that principle (exit 1 while it still fails, 0 once it no longer does).'),
});

export type ScenarioSpec = z.output<typeof scenarioSpec>;
export type ScenarioInput = z.input<typeof scenarioSpec>;
export type StepSpec = z.output<typeof stepSpec>;
export type StepInput = z.input<typeof stepSpec>;
export type SubscriptionSpec = z.output<typeof subscriptionSpec>;
export type FaultSpec = z.output<typeof faultSpec>;
export type CrashSpec = z.output<typeof crashSpec>;
export type GraphSpec = z.output<typeof graphSpec>;
export type { ExpectSpec } from './expect-spec.js';
export type CounterexampleOf = z.output<typeof counterexampleOfSpec>;

/** A scenario that is not one, or cannot run as written: the user's to fix. */
export class ScenarioError extends UserError {}

/** Validates a scenario and lists every problem as `where: what was expected`. */
export function parseScenario(input: unknown, source = 'scenario'): ScenarioSpec {
  const spec = parsed(scenarioSpec, input, source, 'scenario');
  // Checked once the rest is valid: these compare `expect` with the steps and the origin it is about, and
  // each placeholder with the captures of the steps before it.
  const problems = [...captureProblems(spec.steps), ...expectProblems(spec)];
  if (problems.length > 0) throw invalid('scenario', problems.map((p) => `  ${source}: ${p.path}: ${p.message}`));
  return spec;
}

/**
 * A scenario's settings without its steps: the line, the cache, the client, the graph, the crashes. A session
 * (`sim/session/`) runs on them and decides its steps as it goes.
 */
export const runSettingsSpec = scenarioSpec.omit({ steps: true, subscriptions: true, expect: true, counterexampleOf: true });
export type RunSettings = z.output<typeof runSettingsSpec>;
export type RunSettingsInput = z.input<typeof runSettingsSpec>;

export function parseRunSettings(input: unknown, source = 'settings'): RunSettings {
  return parsed(runSettingsSpec, input, source, 'run settings');
}

/** One step as a session sends it, checked as a scenario's steps are. */
export function parseStep(input: unknown, source = 'step'): StepSpec {
  return parsed(stepSpec, input, source, 'step');
}

function parsed<S extends z.ZodType>(schema: S, input: unknown, source: string, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalid(what, result.error.issues.map((issue) => `  ${source}: ${formatPath(issue.path)}: ${describeIssue(issue, input)}`));
}

function invalid(what: string, lines: readonly string[]): ScenarioError {
  return new ScenarioError(`invalid ${what} (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
}

/** Parses JSON text first (a byte order mark dropped), so a syntax error names its line and column. */
export function parseScenarioText(text: string, source: string): ScenarioSpec {
  const json = parseJsonText(text);
  if (!json.ok) throw new ScenarioError(`${source} is not valid JSON${json.where === undefined ? '' : ` (${json.where})`}: ${json.reason}`);
  return parseScenario(json.value, source);
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'unrecognized_keys') {
    const hint = whereTheyBelong(issue.path.map(String).join('.'), issue.keys);
    return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `"${k}"`).join(', ')}${hint}`;
  }
  // A record's key is wrong: say what the key should look like, not what its value is.
  if (issue.code === 'invalid_key') return `key ${issue.issues[0]?.message ?? 'is not allowed'}`;
  const received = valueAt(input, issue.path);
  const shown = received === undefined ? '' : `, got ${truncate(JSON.stringify(received))}`;
  return `${issue.message}${shown}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
