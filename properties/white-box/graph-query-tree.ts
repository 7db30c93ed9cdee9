import { fc } from '@fast-check/vitest';

/**
 * Random GraphQL queries on the graph schema (src/graph/schema.ts), as trees that graph-query-print.ts turns
 * into a document, its variables and the response shape it asks for. Everything a client may write is here:
 * nested selections, aliases (from a small pool, so that some merge), named and inline fragments (one inside
 * another too), `@include`/`@skip`, `__typename`, `user(id:)` quoted, bare or from a variable, `limit` written,
 * passed through a variable (sent or left to the variable's own default) or left to the schema's default,
 * and a second operation that makes `operationName` required.
 */

export type TypeName = 'Query' | 'User' | 'Post' | 'Comment';

/** A small pool, so that two aliased fields sometimes share a response key and must merge. */
export type Alias = 'x' | 'y' | 'z' | undefined;

/**
 * `null`, written or sent, sets no bound: the list's default applies, as when `limit` is left out (the
 * reading the resolvers and the cost estimate share). A variable sent as null is null, not its declared default.
 */
export type LimitSource =
  | { readonly kind: 'unwritten' }
  | { readonly kind: 'literal'; readonly value: number | null }
  | { readonly kind: 'variable'; readonly sent: number | null | undefined; readonly declaredDefault: number | undefined };

/**
 * How a value is written: in the document, as a variable the request sends, or as a variable left to the
 * default its declaration gives.
 */
export type Via = 'literal' | 'variable' | 'declared default';

export interface IdSource {
  readonly via: Via;
  /** 1–3 are users; 4 (sam, an account without a user record) and 5 are not, so `user` is null. */
  readonly id: number;
  readonly quoted: boolean;
}

export type Argument = { readonly kind: 'none' } | { readonly kind: 'id'; readonly id: IdSource } | { readonly kind: 'limit'; readonly limit: LimitSource };

export type Condition = { readonly directive: 'include' | 'skip'; readonly value: boolean; readonly via: Via } | undefined;

/** Where a field is written in its selection set: directly (0), or in the set's first or second fragment. */
export type Placement = 0 | 1 | 2;

/**
 * An inline fragment, with or without its type condition, or a named fragment spread. Fields are placed in
 * fragments rather than fragments holding fields, so that shrinking can take a field out of its fragment.
 */
export interface Fragment {
  readonly kind: 'inline' | 'typed inline' | 'spread';
  readonly condition: Condition;
  /** For the second fragment: written inside the first. */
  readonly inFirst: boolean;
}

export type Field =
  | { readonly kind: 'leaf'; readonly name: string; readonly alias: Alias; readonly condition: Condition; readonly placement: Placement }
  | {
    readonly kind: 'object'; readonly name: string; readonly alias: Alias; readonly argument: Argument; readonly condition: Condition; readonly placement: Placement;
    readonly children: SelectionSet;
  };

export interface SelectionSet {
  readonly fields: readonly Field[];
  readonly fragments: readonly [Fragment, Fragment];
}

/** How the operation is written: `{…}`, `query {…}` or `query Q {…}`, alone or beside another operation. */
export interface OperationForm {
  readonly keyword: boolean;
  readonly named: boolean;
  readonly sendName: boolean;
  /** A second operation in the document, which makes `operationName` required. */
  readonly sibling: 'none' | 'before' | 'after';
}

export interface QueryTree {
  readonly root: SelectionSet;
  readonly form: OperationForm;
}

export const leafFields: Readonly<Record<TypeName, readonly string[]>> = {
  Query: ['__typename'],
  User: ['id', 'name', '__typename'],
  Post: ['id', 'title', '__typename'],
  Comment: ['id', 'body', '__typename'],
};

export const objectFields: Readonly<Record<TypeName, readonly (readonly [string, TypeName])[]>> = {
  Query: [['user', 'User']],
  User: [['posts', 'Post']],
  Post: [['comments', 'Comment'], ['author', 'User']],
  Comment: [['author', 'User']],
};

export function fieldType(parent: TypeName, name: string): TypeName {
  return objectFields[parent].find(([field]) => field === name)![1];
}

export interface TreeOptions {
  /** Fields on the deepest path, leaf included: the depth limit's unit. */
  readonly depth: number;
  /** The `limit` values written or sent. */
  readonly limit: fc.Arbitrary<number>;
  /** Relative weight of object fields against leaves: higher makes bushier, deeper trees. */
  readonly objectWeight: number;
}

export function queryTrees(options: TreeOptions): fc.Arbitrary<QueryTree> {
  const limitSource: fc.Arbitrary<LimitSource> = fc.oneof(
    fc.constant({ kind: 'unwritten' as const }),
    fc.oneof(options.limit, fc.constant(null)).map((value) => ({ kind: 'literal' as const, value })),
    fc.record({
      kind: fc.constant('variable' as const),
      sent: fc.option(fc.oneof(options.limit, fc.constant(null)), { nil: undefined }),
      declaredDefault: fc.option(options.limit, { nil: undefined }),
    }),
  );
  const idSource: fc.Arbitrary<IdSource> = fc.record({
    via: fc.constantFrom<Via>('literal', 'variable', 'declared default'),
    id: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 4, max: 5 }) }),
    quoted: fc.boolean(),
  });
  const argumentOf = (field: string): fc.Arbitrary<Argument> => {
    if (field === 'user') return idSource.map((id) => ({ kind: 'id' as const, id }));
    if (field === 'posts' || field === 'comments') return limitSource.map((limit) => ({ kind: 'limit' as const, limit }));
    return fc.constant({ kind: 'none' as const });
  };
  // Mostly plain: a directive or an alias on every field would make every query a puzzle.
  const condition: fc.Arbitrary<Condition> = fc.oneof(
    { withCrossShrink: true },
    { weight: 7, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.record({ directive: fc.constantFrom('include' as const, 'skip' as const), value: fc.boolean(), via: fc.constantFrom<Via>('literal', 'variable', 'declared default') }) },
  );
  const alias: fc.Arbitrary<Alias> = fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('x' as const, 'y' as const, 'z' as const) });

  const placement: fc.Arbitrary<Placement> = fc.oneof(
    { withCrossShrink: true },
    { weight: 6, arbitrary: fc.constant(0 as const) },
    { weight: 1, arbitrary: fc.constantFrom(1 as const, 2 as const) },
  );
  const fragment: fc.Arbitrary<Fragment> = fc.record({ kind: fc.constantFrom('inline' as const, 'typed inline' as const, 'spread' as const), condition, inFirst: fc.boolean() });

  const memo = new Map<string, fc.Arbitrary<SelectionSet>>();
  const setOf = (type: TypeName, levels: number): fc.Arbitrary<SelectionSet> => {
    const key = `${type} ${levels}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const choices: fc.WeightedArbitrary<Field>[] = [
      // Query's only leaf is `__typename`: rarer there, so most queries reach the store.
      { weight: type === 'Query' ? 1 : 4, arbitrary: fc.record({ kind: fc.constant('leaf' as const), name: fc.constantFrom(...leafFields[type]), alias, condition, placement }) },
    ];
    if (levels >= 2) {
      for (const [name, child] of objectFields[type]) {
        const object = fc.record({
          kind: fc.constant('object' as const), name: fc.constant(name), alias, argument: argumentOf(name), condition, placement,
          children: setOf(child, levels - 1),
        });
        choices.push({ weight: options.objectWeight, arbitrary: object });
      }
    }
    // Cross-shrinking lets an object field shrink into a leaf, the first choice. Empty sets are filtered out
    // rather than forbidden: fast-check drops array items from the front only down to the minimum length, so
    // with a minimum of 1, [a, b] could never shrink to [a]. Narrower further down, so that a deep tree stays
    // a readable size.
    const fields = fc.array(fc.oneof({ withCrossShrink: true }, ...choices), { maxLength: levels > 4 ? 3 : 2 }).filter((items) => items.length > 0);
    const set = fc.record({ fields, fragments: fc.tuple(fragment, fragment) });
    memo.set(key, set);
    return set;
  };

  const form: fc.Arbitrary<OperationForm> = fc
    .record({ keyword: fc.boolean(), named: fc.boolean(), sendName: fc.boolean(), sibling: fc.constantFrom('none' as const, 'none' as const, 'before' as const, 'after' as const) })
    // With a second operation the request must name the one it runs.
    .map((f) => (f.sibling === 'none' ? f : { ...f, keyword: true, named: true, sendName: true }));
  return fc.record({ root: setOf('Query', options.depth), form });
}

/** Fields in a selection set, at every depth: the size a shrunk counterexample is measured by. */
export function fieldCount(set: SelectionSet): number {
  return set.fields.reduce((sum, field) => sum + 1 + (field.kind === 'leaf' ? 0 : fieldCount(field.children)), 0);
}
