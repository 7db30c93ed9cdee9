import type { ValidationRule } from 'graphql';
import { maxAliasesRule } from './aliases.js';
import { maxDepthRule } from './depth.js';
import type { GraphLimits } from './settings.js';

/** The limits a document alone decides, so their verdict can be cached with the document. */
export function aliasesAndDepth(limits: GraphLimits): ValidationRule[] {
  return [maxDepthRule(limits.maxDepth), maxAliasesRule(limits.maxAliases)];
}
