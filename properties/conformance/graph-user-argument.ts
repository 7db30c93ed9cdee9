import type { CheckContext } from './check.js';
import { readGraphAnswer } from './graph-answer.js';
import { graphUserId, postGraph } from './graph-request.js';

/** The root fields' arguments and their types, two wrappers deep (`Int!`, `[ID!]` are enough here). */
const introspection = '{ __schema { queryType { fields { name args { name type { kind name ofType { kind name } } } } } } }';

interface TypeRef {
  readonly kind?: string;
  readonly name?: string | null;
  readonly ofType?: TypeRef | null;
}

const namedType = (type: TypeRef | null | undefined): string | undefined => (type?.kind === 'NON_NULL' || type?.kind === 'LIST' ? namedType(type.ofType) : type?.name ?? undefined);

/** GraphQL's number scalars: an id of one of these is written bare. */
const numberTypes = new Set(['Int', 'Float']);

/**
 * How `user(id:)` is written in the checks' documents. The spec leaves its type open (§2: quoted in one
 * sample, bare in another), so it is read from introspection when the target answers it: `Int!` gets `1`,
 * `ID!` and `String!` get `"1"`. With introspection off (many deployments), it is quoted, as `ID` accepts.
 * One request.
 */
export async function userArgument(ctx: CheckContext): Promise<string> {
  const id = graphUserId(ctx);
  const quoted = `id: ${JSON.stringify(id)}`;
  const answer = readGraphAnswer(await postGraph(ctx, introspection));
  const fields = (answer.body?.data as { __schema?: { queryType?: { fields?: unknown } } } | undefined)?.__schema?.queryType?.fields;
  if (!Array.isArray(fields)) return quoted;
  const user = (fields as { name?: string; args?: { name?: string; type?: TypeRef }[] }[]).find((f) => f.name === 'user');
  const type = namedType(user?.args?.find((a) => a.name === 'id')?.type);
  return type !== undefined && numberTypes.has(type) && /^-?\d+(\.\d+)?$/.test(id) ? `id: ${id}` : quoted;
}
