import { fc, test } from '@fast-check/vitest';
import { executeSync, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { estimateCost, type VariableValues } from './cost.js';
import { defaultGraphLimits, graphLimitsWith, type GraphLimits } from './settings.js';
import { sampleQuery, testSchema } from '../../../test/support/graph-test-schema.js';
import { runCount } from '../../../test/support/run-count.js';

// Random small queries on the test schema, as trees, printed to text with their variables.

type TypeName = 'Query' | 'User' | 'Post' | 'Comment';
/** How a `posts` field gets its limit: not written, written, or from a variable that is sent, null or absent. */
type LimitSource =
  | { readonly kind: 'unwritten' }
  | { readonly kind: 'literal'; readonly value: number }
  | { readonly kind: 'variable'; readonly sent: number | null | undefined; readonly declaredDefault: number | undefined };
type Selection =
  | { readonly kind: 'leaf'; readonly name: string; readonly aliased: boolean }
  | { readonly kind: 'object'; readonly name: string; readonly limit: LimitSource | undefined; readonly aliased: boolean; readonly children: Selection[] }
  | { readonly kind: 'inline'; readonly typed: boolean; readonly children: Selection[] };

const leaves: Record<TypeName, readonly string[]> = {
  Query: ['__typename'],
  User: ['id', 'name', '__typename'],
  Post: ['id', 'title', '__typename'],
  Comment: ['id', 'body', '__typename'],
};
const objectFields: Record<TypeName, readonly (readonly [string, TypeName])[]> = {
  Query: [['user', 'User']],
  User: [['posts', 'Post']],
  Post: [['comments', 'Comment'], ['author', 'User']],
  Comment: [['author', 'User']],
};

// Up to 12, past posts' default of 10, so that ignoring a variable's value would undercount.
const smallLimit = fc.integer({ min: -2, max: 12 });
const limitSource: fc.Arbitrary<LimitSource> = fc.oneof(
  fc.constant({ kind: 'unwritten' as const }),
  smallLimit.map((value) => ({ kind: 'literal' as const, value })),
  fc.record({ kind: fc.constant('variable' as const), sent: fc.option(fc.option(smallLimit, { nil: null }), { nil: undefined }), declaredDefault: fc.option(smallLimit, { nil: undefined }) }),
);

function selections(type: TypeName, levels: number): fc.Arbitrary<Selection[]> {
  const leaf = fc.record({ kind: fc.constant('leaf' as const), name: fc.constantFrom(...leaves[type]), aliased: fc.boolean() });
  if (levels === 0) return fc.array(leaf, { minLength: 1, maxLength: 3 });
  const object = fc.constantFrom(...objectFields[type]).chain(([name, fieldType]) =>
    fc.record({
      kind: fc.constant('object' as const),
      name: fc.constant(name),
      limit: name === 'posts' ? limitSource : fc.constant(undefined),
      aliased: fc.boolean(),
      children: selections(fieldType, levels - 1),
    }),
  );
  const inline = fc.record({ kind: fc.constant('inline' as const), typed: fc.boolean(), children: selections(type, levels - 1) });
  return fc.array(fc.oneof({ arbitrary: leaf, weight: 2 }, { arbitrary: object, weight: 3 }, { arbitrary: inline, weight: 1 }), { minLength: 1, maxLength: 3 });
}

const query = selections('Query', 4);

/** Prints a tree; aliases are unique so that `posts` with different limits never collide (OverlappingFieldsCanBeMerged). */
function printed(tree: readonly Selection[]): { readonly text: string; readonly variables: VariableValues } {
  let aliases = 0;
  const definitions: string[] = [];
  const variables: Record<string, unknown> = {};
  const printSet = (set: readonly Selection[], type: TypeName): string => `{ ${set.map((s) => printOne(s, type)).join(' ')} }`;
  const printOne = (selection: Selection, type: TypeName): string => {
    switch (selection.kind) {
      case 'leaf':
        return `${selection.aliased ? `a${aliases++}: ` : ''}${selection.name}`;
      case 'inline':
        return `...${selection.typed ? ` on ${type}` : ''} ${printSet(selection.children, type)}`;
      case 'object': {
        const fieldType = objectFields[type].find(([name]) => name === selection.name)![1];
        const alias = selection.aliased || selection.name === 'posts' ? `a${aliases++}: ` : '';
        let args = selection.name === 'user' ? '(id: "1")' : '';
        const limit = selection.limit;
        if (limit?.kind === 'literal') args = `(limit: ${limit.value})`;
        if (limit?.kind === 'variable') {
          const name = `v${definitions.length}`;
          definitions.push(`$${name}: Int${limit.declaredDefault === undefined ? '' : ` = ${limit.declaredDefault}`}`);
          if (limit.sent !== undefined) variables[name] = limit.sent;
          args = `(limit: $${name})`;
        }
        return `${alias}${selection.name}${args} ${printSet(selection.children, fieldType)}`;
      }
    }
  };
  const body = printSet(tree, 'Query');
  return { text: `query${definitions.length > 0 ? `(${definitions.join(', ')})` : ''} ${body}`, variables };
}

// A world where every list is as long as the server could make it, and a count of the objects resolved.

interface Count {
  resolved: number;
}
type Resolver = (args: { limit?: number | null }, count: Count) => unknown;

function maximalWorld(defaultListSize: number): { user: Resolver } {
  const many = <T>(count: Count, items: number, make: () => T): T[] => {
    count.resolved += items;
    return Array.from({ length: items }, make);
  };
  const one = <T>(count: Count, make: () => T): T => {
    count.resolved += 1;
    return make();
  };
  // A negative limit returns nothing (the real resolver refuses it); null bounds nothing, so the list is as long
  // as an unbounded one.
  const postsFor = (limit: number | null | undefined) => (typeof limit === 'number' ? Math.max(0, limit) : defaultListSize);
  const user = (): object => ({ id: '1', name: 'n', posts: (({ limit }, count) => many(count, postsFor(limit), post)) satisfies Resolver });
  const post = (): object => ({
    id: '1',
    title: 't',
    comments: ((_args, count) => many(count, defaultListSize, comment)) satisfies Resolver,
    author: ((_args, count) => one(count, user)) satisfies Resolver,
  });
  const comment = (): object => ({ id: '1', body: 'b', author: ((_args, count) => one(count, user)) satisfies Resolver });
  return { user: (_args, count) => one(count, user) };
}

function resolvedObjects(text: string, variables: VariableValues, defaultListSize: number): number {
  const count: Count = { resolved: 0 };
  const result = executeSync({ schema: testSchema, document: parse(text), rootValue: maximalWorld(defaultListSize), contextValue: count, variableValues: variables });
  expect(result.errors).toBeUndefined();
  return count.resolved;
}

/** Lists of 2 by default, so that random nesting stays small enough to execute. */
const limits: GraphLimits = graphLimitsWith({ defaultListSize: 2 });

describe('estimateCost on random queries', () => {
  test.prop([query], { numRuns: runCount(300) })('every generated query is valid, so the properties below test the estimate, not the generator', (tree) => {
    expect(validate(testSchema, parse(printed(tree).text))).toEqual([]);
  });

  test.prop([query], { numRuns: runCount(300) })('is an upper bound of the objects resolved when every list is as long as allowed', (tree) => {
    const { text, variables } = printed(tree);
    expect(estimateCost(parse(text), testSchema, variables, limits)).toBeGreaterThanOrEqual(resolvedObjects(text, variables, limits.defaultListSize));
  });

  const extraFor = fc.record({ Query: selections('Query', 1), User: selections('User', 1), Post: selections('Post', 1), Comment: selections('Comment', 1) });

  test.prop([query, extraFor, fc.nat()], { numRuns: runCount(300) })('is monotone: adding fields anywhere never lowers it', (tree, extra, at) => {
    // Every selection set of the tree with its type, in document order; the extra fields go into one of them.
    const grown = structuredClone(tree);
    const sets: [Selection[], TypeName][] = [];
    const collect = (set: Selection[], type: TypeName): void => {
      sets.push([set, type]);
      for (const selection of set) {
        if (selection.kind === 'inline') collect(selection.children, type);
        if (selection.kind === 'object') collect(selection.children, objectFields[type].find(([name]) => name === selection.name)![1]);
      }
    };
    collect(grown, 'Query');
    const [set, type] = sets[at % sets.length]!;
    set.push(...extra[type]);

    const before = printed(tree);
    const after = printed(grown);
    expect(validate(testSchema, parse(after.text))).toEqual([]);
    // Variables are numbered as they are printed, so each query is priced with its own.
    expect(estimateCost(parse(after.text), testSchema, after.variables, limits)).toBeGreaterThanOrEqual(
      estimateCost(parse(before.text), testSchema, before.variables, limits),
    );
  });
});

it('is exact on the spec sample, where nothing is counted twice', () => {
  expect(resolvedObjects(sampleQuery, {}, defaultGraphLimits.defaultListSize)).toBe(111);
  expect(estimateCost(parse(sampleQuery), testSchema, {}, defaultGraphLimits)).toBe(111);
});
