import { GraphQLError, parse, type DocumentNode, type Source } from 'graphql';
import type { GraphLimits } from './settings.js';
import { requireLimit } from './settings.js';

/** graphql-js's wording, "Document contains more that N tokens" (sic), is matched loosely in case it is fixed. */
const tokenLimitMessage = /contains more tha[nt] \d+ tokens/;

/**
 * Parses a query with the token limit on. The token limit is the only one that cannot be a validation rule:
 * validation needs a document, and building the document is the work to bound. graphql-js stops the lexer at
 * the first token over the limit, so a megabyte of `{a{a{a…` costs no more than the limit's worth.
 *
 * Returns the syntax error instead of throwing it: a bad query is an expected input here, not a bug, and the
 * caller answers it like any other refused query. Use this instead of `parse`, which has no limit by default.
 */
export function parseWithLimits(source: string | Source, limits: Pick<GraphLimits, 'maxTokens'>): DocumentNode | GraphQLError {
  const maxTokens = requireLimit('maxTokens', limits.maxTokens);
  try {
    // `maxLexicalTokens` is the 16.15 name; `maxTokens` is its deprecated alias. A test pins that it works, and
    // that Infinity, which no token count exceeds, is no limit.
    return parse(source, { maxLexicalTokens: maxTokens });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    if (!tokenLimitMessage.test(error.message)) return error;
    return new GraphQLError(`The query has more than ${maxTokens} tokens (names, punctuation and values); the maximum is ${maxTokens}. It was not parsed.`, {
      source: error.source,
      positions: error.positions,
      extensions: { code: 'TOO_MANY_TOKENS', maxTokens },
    });
  }
}
