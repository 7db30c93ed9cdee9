import { GraphQLError } from 'graphql';
import { queryAliases } from '../../src/graph/limits/aliases.js';
import { estimateCost } from '../../src/graph/limits/cost.js';
import { queryDepth } from '../../src/graph/limits/depth.js';
import type { GraphLimits } from '../../src/graph/limits/settings.js';
import { parseWithLimits } from '../../src/graph/limits/tokens.js';
import { graphSchema } from '../../src/graph/schema.js';
import type { PrintedQuery } from './graph-query-print.js';

/**
 * A printed query measured with the endpoint's own measures (token count, depth, aliases, estimated cost), so
 * that a property can keep to the queries the endpoint accepts, or to those it must refuse, without a second
 * opinion on what the limits mean.
 */
export interface Measures {
  readonly tooManyTokens: boolean;
  readonly depth: number;
  readonly aliases: number;
  readonly cost: number;
}

export function measures(query: PrintedQuery, limits: GraphLimits): Measures {
  const document = parseWithLimits(query.text, limits);
  if (document instanceof GraphQLError) return { tooManyTokens: true, depth: 0, aliases: 0, cost: 0 };
  return {
    tooManyTokens: false,
    depth: queryDepth(document),
    aliases: queryAliases(document),
    cost: estimateCost(document, graphSchema, query.variables ?? {}, limits, query.operationName),
  };
}

export function withinLimits(query: PrintedQuery, limits: GraphLimits): boolean {
  const m = measures(query, limits);
  return !m.tooManyTokens && m.depth <= limits.maxDepth && m.aliases <= limits.maxAliases && m.cost <= limits.maxCost;
}

/** Over the depth or the cost limit, and within the others, so that one of those two is why it is refused. */
export function overDepthOrCost(query: PrintedQuery, limits: GraphLimits): boolean {
  const m = measures(query, limits);
  return !m.tooManyTokens && m.aliases <= limits.maxAliases && (m.depth > limits.maxDepth || m.cost > limits.maxCost);
}
