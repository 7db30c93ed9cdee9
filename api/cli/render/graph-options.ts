import { parseCommandLine } from '../../../sim/command-line/command-line.js';
import { UsageError } from '../../../sim/command-line/usage-error.js';
import { demoAccounts } from '../../../src/auth/accounts.js';
import { credentialSpec } from '../../../sim/scenario/spec.js';

/** What `npm run sim -- graph ...` was asked to do, checked and ready to become a scenario. */
export interface GraphOptions {
  /** The document's text, read from the file when `--query @file` named one. */
  readonly query: string;
  /** `--query` exactly as typed (`@q.graphql` or the text), so the replay command says what the user said. */
  readonly queryArgument: string;
  readonly variables: Readonly<Record<string, unknown>> | undefined;
  readonly operationName: string | undefined;
  /** A scenario credential: `session:alice`, `token:bob`, `none`, ... */
  readonly credential: string;
  /** `--as` as typed, or undefined when the default user sent it. */
  readonly asArgument: string | undefined;
  readonly persisted: boolean;
  /** Overrides for the scenario's `graph.limits`, checked later by the scenario schema. */
  readonly limits: Readonly<Record<string, unknown>> | undefined;
  /** The scenario's `graph.costBudget` (`--budget`), checked later by the scenario schema. */
  readonly budget: Readonly<Record<string, unknown>> | undefined;
  readonly seed: number;
  readonly json: boolean;
  readonly timeline: boolean;
}

/** A mistake in the command line: printed with the usage text, exit code 2, never a stack trace. */
export class GraphUsageError extends Error {
  override readonly name = 'GraphUsageError';
}

export const defaultUser = 'alice';

/** Reads `--query @file`; injected so that parsing stays testable without a disk. */
export type ReadText = (path: string) => string;

/** The options, or `'help'` when the user asked for the usage text. */
export function parseGraphOptions(argv: readonly string[], readText: ReadText): GraphOptions | 'help' {
  const { values } = parseFlags(argv);
  if (values.help === true) return 'help';
  if (values.json === true && values.timeline === true) {
    throw new GraphUsageError('--timeline prints text and --json prints JSON: choose one');
  }
  const queryArgument = values.query;
  if (queryArgument === undefined) throw new GraphUsageError('--query is required, e.g. --query \'{ user(id: 1) { name } }\'');
  const operationName = values['operation-name'];
  if (operationName === '') throw new GraphUsageError('--operation-name is empty; leave it out to let the document decide');
  return {
    query: documentFrom(queryArgument, readText),
    queryArgument,
    variables: jsonObjectOption('--variables', values.variables, '{"id": "1"}'),
    operationName,
    credential: credentialFrom(values.as ?? defaultUser),
    asArgument: values.as,
    persisted: values.persisted === true,
    limits: jsonObjectOption('--limits', values.limits, '{"maxDepth": 3}'),
    budget: jsonObjectOption('--budget', values.budget, '{"maximumAvailable": 5000}'),
    seed: values.seed ?? 1,
    json: values.json === true,
    timeline: values.timeline === true,
  };
}

function parseFlags(argv: readonly string[]) {
  try {
    return parseCommandLine(argv, {
      query: { type: 'string', example: "'{ user(id: 1) { name } }'" },
      variables: { type: 'string', example: '\'{"id": 1}\'' },
      'operation-name': { type: 'string', example: 'Named' },
      as: { type: 'string', example: 'bob' },
      persisted: { type: 'boolean' },
      limits: { type: 'string', example: '\'{"maxDepth": 3}\'' },
      budget: { type: 'string', example: '\'{"maximumAvailable": 5000}\'' },
      seed: { type: 'integer', range: 'non-negative', example: '1' },
      json: { type: 'boolean' },
      timeline: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    }, { max: 0, instead: 'the document goes after --query' });
  } catch (error) {
    // The command's own usage error, in the words every command's line is answered with.
    if (error instanceof UsageError) throw new GraphUsageError(error.message);
    throw error;
  }
}

/** A GraphQL document never starts with "@", so `@path` can only mean a file. */
function documentFrom(argument: string, readText: ReadText): string {
  let text = argument;
  if (argument.startsWith('@')) {
    const path = argument.slice(1);
    if (path === '') throw new GraphUsageError('--query @ needs a file name, e.g. --query @query.graphql');
    try {
      text = readText(path);
    } catch (error) {
      throw new GraphUsageError(`--query: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  if (text.trim() === '') throw new GraphUsageError(argument.startsWith('@') ? `--query: ${argument.slice(1)} is empty` : '--query is empty');
  return text;
}

function jsonObjectOption(flag: string, text: string | undefined, example: string): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new GraphUsageError(`${flag} is not valid JSON (${(error as Error).message}); write an object like '${example}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new GraphUsageError(`${flag} must be a JSON object like '${example}', got ${kind}`);
  }
  return value as Record<string, unknown>;
}

export const demoUsernames: readonly string[] = demoAccounts.map((a) => a.username);

/** A bare user name is that user's session, the way a person signed in to the site sends it. */
export function credentialFrom(as: string): string {
  if (demoUsernames.includes(as)) return `session:${as}`;
  const checked = credentialSpec.safeParse(as);
  if (checked.success) return checked.data;
  const user = as.includes(':') ? as.slice(as.indexOf(':') + 1) : as;
  if (as.includes(':') && demoUsernames.includes(user)) {
    throw new GraphUsageError(`--as ${as}: unknown credential kind; use session, token, expired-token, forged-token, alg-none-token or revoked-session`);
  }
  throw new GraphUsageError(
    `--as ${as}: no such user; the demo users are ${demoUsernames.join(', ')} (or give a credential like token:bob, none, expired-token:alice)`,
  );
}
