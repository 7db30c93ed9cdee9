import { createHash } from 'node:crypto';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/**
 * Apollo's automatic persisted queries, as `@graphql-yoga/plugin-apq` does them (not installed here): an
 * unknown hash is PERSISTED_QUERY_NOT_FOUND, a query sent with its hash is registered under it. The errors are
 * Yoga's own (`createGraphQLError`): a `GraphQLError` from another copy of graphql would be masked as a 500.
 */
export function persistedQueries(): Plugin {
  const store = new Map<string, string>();
  return {
    onParams({ params, setParams }) {
      const hash = (params.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined)?.sha256Hash;
      if (typeof hash !== 'string') return;
      if (params.query === undefined) {
        const query = store.get(hash);
        if (query === undefined) throw createGraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
        setParams({ ...params, query });
        return;
      }
      if (createHash('sha256').update(params.query).digest('hex') !== hash) throw createGraphQLError('PersistedQueryMismatch', { extensions: { code: 'PERSISTED_QUERY_MISMATCH' } });
      store.set(hash, params.query);
    },
  };
}
