import { sha256Hex } from './sha256-hex.js';

export const graphPath = '/graphql';

/**
 * The GET URL (path and query) by which Apollo Client's persisted-query link asks for a query by hash alone:
 * its parameter order (operationName, variables, extensions), `encodeURIComponent` for every value, and
 * `JSON.stringify` for the JSON ones, so the same arguments always give the same URL, the cache key in front
 * of the server. Variables are written in their own key order, as Apollo Client does: `{a, b}` and `{b, a}`
 * are two URLs. An empty operationName is left out, as Apollo Client does.
 */
export function persistedGetPath(query: string, operationName?: string, variables?: Readonly<Record<string, unknown>>): string {
  const parameters: string[] = [];
  const add = (name: string, value: string) => parameters.push(`${name}=${encodeURIComponent(value)}`);
  if (operationName !== undefined && operationName !== '') add('operationName', operationName);
  if (variables !== undefined) add('variables', JSON.stringify(variables));
  add('extensions', JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } }));
  return `${graphPath}?${parameters.join('&')}`;
}
