import type { GraphOptions } from './graph-options.js';

/**
 * One POSIX shell word for `arg`: bare when it holds nothing the shell would read, otherwise single-quoted,
 * with each `'` written `'\''` (close, escaped quote, reopen), the one quoting in which nothing else is special.
 */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", "'\\''")}'`;
}

/** The command that runs this query again, to the same bytes and microseconds; output flags are left out. */
export function replayCommand(options: GraphOptions): string {
  const args = ['graph', '--query', options.queryArgument];
  if (options.variables !== undefined) args.push('--variables', JSON.stringify(options.variables));
  if (options.operationName !== undefined) args.push('--operation-name', options.operationName);
  if (options.asArgument !== undefined) args.push('--as', options.asArgument);
  if (options.persisted) args.push('--persisted');
  if (options.limits !== undefined) args.push('--limits', JSON.stringify(options.limits));
  if (options.budget !== undefined) args.push('--budget', JSON.stringify(options.budget));
  args.push('--seed', String(options.seed));
  return `npm run sim -- ${args.map(shellQuote).join(' ')}`;
}
