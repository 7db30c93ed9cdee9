import type { ValidationRule } from 'graphql';
import { maxAliasesRule } from './aliases.js';
import { maxCostRule, type VariableValues } from './cost.js';
import { maxDepthRule } from './depth.js';
import { checkGraphLimits, type GraphLimits } from './settings.js';

/**
 * Every limit that is a validation rule, to run with graphql's own:
 * `validate(schema, document, [...specifiedRules, ...limitRules(limits, variables)], { hideSuggestions: true })`.
 * They expect `specifiedRules` beside them: unknown fields, fragment cycles and introspection depth are
 * graphql's to refuse. The token limit is not here: it acts while parsing (`parseWithLimits`).
 */
export function limitRules(limits: GraphLimits, variables: VariableValues = {}): ValidationRule[] {
  checkGraphLimits(limits);
  return [maxDepthRule(limits.maxDepth), maxCostRule(limits, variables), maxAliasesRule(limits.maxAliases)];
}
