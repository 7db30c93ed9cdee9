import { ScenarioError } from '../sim/scenario/spec.js';
import { type Target, type TargetInput, targetSpec } from './target.js';

/**
 * Declares a target in `apisim.config.ts` (`export default defineTarget({...})`): typed where it is written,
 * checked with precise errors where it is read (`parseTarget`).
 */
export function defineTarget(target: TargetInput): TargetInput {
  return target;
}

/** A target description that is not one: every problem, each with where it is. */
export class TargetError extends ScenarioError {
  constructor(message: string) {
    super(message);
    Object.defineProperty(this, 'name', { value: 'TargetError' });
  }
}

export function parseTarget(input: unknown, source: string): Target {
  const result = targetSpec.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${source}: ${issue.path.length === 0 ? '(top level)' : issue.path.join('.')}: ${issue.code === 'unrecognized_keys' ? `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message}`);
  return fail(`invalid target (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
}

function fail(message: string): never {
  throw new TargetError(message);
}
