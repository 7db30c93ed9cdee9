import type { z } from 'zod';
import { UserError } from '../../sim/user-error.js';
import { type Target, type TargetInput, targetSpec } from './target.js';

/**
 * Declares a target in `apisim.config.ts` (`export default defineTarget({...})`): typed where it is written,
 * checked with precise errors where it is read (`parseTarget`).
 */
export function defineTarget(target: TargetInput): TargetInput {
  return target;
}

/** A target description that is not one (every problem, each with where it is), or that cannot be used as written. */
export class TargetError extends UserError {}

export function parseTarget(input: unknown, source: string): Target {
  const result = targetSpec.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.flatMap((issue) => meant(issue, [])).map(({ issue, path }) => {
    const where = path.length === 0 ? '(top level)' : path.join('.');
    const what = issue.code === 'unrecognized_keys' ? `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
    return `  ${source}: ${where}: ${what}`;
  });
  return fail(`invalid target (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
}

type Issue = z.core.$ZodIssue;

/**
 * The problems an issue stands for, each with its whole path. A user is a login or fixed headers (a union),
 * and "Invalid input" says nothing: the form the user meant is the one whose members they wrote (its
 * problems have no unknown field at its top), so its problems are the ones to tell.
 */
function meant(issue: Issue, base: readonly PropertyKey[]): { readonly issue: Issue; readonly path: readonly PropertyKey[] }[] {
  const path = [...base, ...issue.path];
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ issue, path }];
  // Every form refused the value as a whole (a string where "cookie" or { bearer } goes): the union says it best.
  if (issue.errors.every((branch) => branch.every((i) => i.path.length === 0 && i.code !== 'unrecognized_keys'))) return [{ issue, path }];
  const written = issue.errors.filter((branch) => !branch.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0));
  const chosen = [...(written.length > 0 ? written : issue.errors)].sort((a, b) => a.length - b.length)[0]!;
  return chosen.flatMap((inner) => meant(inner, path));
}

function fail(message: string): never {
  throw new TargetError(message);
}
