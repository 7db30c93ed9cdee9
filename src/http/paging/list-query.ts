import { codePointCount } from '../code-points.js';
import { type Problem, problem } from '../problem.js';
import { decodeCursor } from './cursor.js';

export const defaultPageLimit = 20;
export const maxPageLimit = 100;

export type QueryParameter = 'limit' | 'cursor' | 'name';

export interface ListQuery {
  readonly limit: number;
  /** The last id the previous page showed. */
  readonly cursor?: number;
  /** Case-insensitive name prefix, as given. */
  readonly name?: string;
}

export type QueryResult = { readonly ok: true; readonly query: ListQuery } | { readonly ok: false; readonly problem: Problem };

interface ParameterError {
  readonly parameter: string;
  readonly detail: string;
}

/**
 * Reads a query string against the parameters an endpoint defines. A parameter it does not define, or one
 * given twice, is an error rather than ignored, so a typo such as `?limt=5` does not silently list 20. A
 * `name` filter longer than `maxNameChars` (the longest name the resource holds) is refused, not run.
 */
export function readQuery(query: string, accepted: readonly QueryParameter[], maxNameChars = Infinity): QueryResult {
  const params = new URLSearchParams(query);
  const errors: ParameterError[] = [];
  for (const parameter of new Set(params.keys())) {
    if (!(accepted as readonly string[]).includes(parameter)) {
      const known = accepted.length === 0 ? 'This endpoint takes no query parameters.' : `It takes ${accepted.join(', ')}.`;
      errors.push({ parameter, detail: `Unknown query parameter "${parameter}". ${known}` });
    } else if (params.getAll(parameter).length > 1) {
      errors.push({ parameter, detail: `The query parameter "${parameter}" is given more than once.` });
    }
  }
  if (errors.length > 0) return invalidQuery(errors);

  const limitText = params.get('limit');
  const cursorText = params.get('cursor');
  const name = params.get('name');
  const limit = limitText === null ? defaultPageLimit : parseLimit(limitText);
  const cursor = cursorText === null ? undefined : decodeCursor(cursorText);
  if (limit === undefined) {
    errors.push({ parameter: 'limit', detail: `"limit" must be a whole number from 1 to ${maxPageLimit}, not "${limitText}".` });
  }
  if (cursorText !== null && cursor === undefined) {
    errors.push({ parameter: 'cursor', detail: 'This "cursor" was not issued by this server; use the "next" link of a page.' });
  }
  if (name !== null && (name.length === 0 || codePointCount(name) > maxNameChars)) {
    errors.push({ parameter: 'name', detail: `"name" must have 1 to ${maxNameChars} characters.` });
  }
  if (errors.length > 0 || limit === undefined) return invalidQuery(errors);
  return { ok: true, query: { limit, ...(cursor === undefined ? {} : { cursor }), ...(name === null ? {} : { name }) } };
}

function parseLimit(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,2}$/.test(text)) return undefined;
  const limit = Number(text);
  return limit <= maxPageLimit ? limit : undefined;
}

/** 400, not 422: the query is part of the target URI, not content (RFC 9110 §15.5.1). */
function invalidQuery(errors: readonly ParameterError[]): QueryResult {
  const detail = errors.length === 1 ? errors[0]!.detail : `The query has ${errors.length} problems; see errors.`;
  return { ok: false, problem: problem(400, 'invalid-query', 'Bad Request', detail, { errors }) };
}
