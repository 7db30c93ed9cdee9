import { buildSchema, parse, specifiedRules, validate, type DocumentNode } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { estimateCost, maxCostCheck, type VariableValues } from './cost.js';
import { maxDepthRule } from './depth.js';
import { operationsOf } from './fragments.js';
import { defaultGraphLimits, graphLimitsWith, type GraphLimits } from './settings.js';
import { sampleQuery, testSchema } from '../../../test/support/graph-test-schema.js';

const cost = (query: string, variables: VariableValues = {}, limits: GraphLimits = defaultGraphLimits, operationName?: string) =>
  estimateCost(parse(query), testSchema, variables, limits, operationName);
/** The cost limit's refusals of a document, as the endpoint prices every operation of it. */
const check = (query: string, variables: VariableValues = {}, limits: GraphLimits = defaultGraphLimits) => {
  const document = parse(query);
  const verdict = maxCostCheck(testSchema, limits)(document, operationsOf(document)[0]!, variables);
  return verdict.ok ? [] : verdict.errors;
};

/** A default list size that differs from `posts`' default of 10, so each fallback shows which one it took. */
const listsOfThree = graphLimitsWith({ defaultListSize: 3 });
const postsWith = (limit: string) => `query($n: Int) { user(id: 1) { posts(limit: ${limit}) { title } } }`;

/** List shapes the graph schema does not have (yet): a `limit` beside another argument, and a list of scalars. */
const listShapes = buildSchema('type Query { feed(since: Int = 100, limit: Int = 2): [Item!]! tags(limit: Int): [String!]! } type Item { id: ID! }');
const shapesCost = (query: string, variables: VariableValues = {}) => estimateCost(parse(query), listShapes, variables, defaultGraphLimits);

/** The cost check over a schema of its own whose root lookups are counted: each pricing of an operation makes one. */
function countedPricing(limits: GraphLimits) {
  const schema = buildSchema('type Query { feed(limit: Int = 2): [Item!]! } type Item { id: ID! }');
  const rootLookups = vi.spyOn(schema, 'getRootType');
  return { priced: maxCostCheck(schema, limits), pricings: () => rootLookups.mock.calls.length };
}

/** A document as code may build it: graphql's AST types make `variableDefinitions`, `arguments` and `directives` optional. */
const withoutEmptyLists = (document: DocumentNode): DocumentNode =>
  JSON.parse(JSON.stringify(document, (_key, value: unknown) => (Array.isArray(value) && value.length === 0 ? undefined : value))) as DocumentNode;

describe('estimateCost: objects resolved, lists paid once per item they may return', () => {
  it('prices the spec sample at 111: 1 user + 5 × (post + 10 × (comment + author) + author)', () => {
    expect(cost(sampleQuery)).toBe(111);
    expect(check(sampleQuery)).toEqual([]);
  });

  it('charges scalars nothing and every object 1 by default', () => {
    expect(cost('{ user(id: 1) { id name } }')).toBe(1);
    expect(cost('{ user(id: 1) { __typename } }')).toBe(1);
    expect(cost('{ __typename }')).toBe(0);
  });

  it('charges introspection nothing: it reads the schema, not the store', () => {
    expect(cost('{ __schema { types { name fields { name } } } }')).toBe(0);
    expect(cost('{ __type(name: "User") { fields { name type { name ofType { name } } } } }')).toBe(0);
    expect(cost('{ user(id: 1) { name } __type(name: "Post") { name } }')).toBe(1);
  });

  it('still charges a single object 1 when lists nothing bounds are assumed empty (defaultListSize 0)', () => {
    // 1 user + 2 posts × (1 post + 1 author + 0 comments): `comments` has no limit, so the default of 0 applies.
    expect(cost('{ user(id: 1) { posts(limit: 2) { author { name } comments { body } } } }', {}, graphLimitsWith({ defaultListSize: 0 }))).toBe(5);
  });

  it('reads the argument named limit, not whichever argument comes first', () => {
    expect(shapesCost('{ feed { id } }')).toBe(2);
    expect(shapesCost('{ feed(since: 7, limit: 3) { id } }')).toBe(3);
  });

  it('prices a list of scalars at nothing however long: 0, never NaN, which would pass every limit', () => {
    expect(shapesCost('{ tags(limit: 5) }')).toBe(0);
    expect(shapesCost('query($n: Int) { tags(limit: $n) }', { n: Infinity })).toBe(0);
  });

  it('prices a document built in code, whose nodes leave out their empty lists, like the parsed one', () => {
    const built = withoutEmptyLists(parse('{ user(id: 1) { posts { comments { body } } } }', { noLocation: true }));
    expect(built).not.toHaveProperty(['definitions', 0, 'variableDefinitions']);
    // 1 user + 10 posts (the argument's default) × (1 post + 3 comments)
    expect(estimateCost(built, testSchema, {}, listsOfThree)).toBe(41);
  });

  it('reads only declared variables, as execution does: an undeclared $n leaves the default, parsed or built in code', () => {
    // graphql refuses the document (NoUndefinedVariablesRule); the estimate still reads it the way execution would.
    const undeclared = '{ user(id: 1) { posts(limit: $n) { title } } }';
    expect(cost(undeclared, { n: 7 })).toBe(11);
    expect(estimateCost(withoutEmptyLists(parse(undeclared, { noLocation: true })), testSchema, { n: 7 }, defaultGraphLimits)).toBe(11);
  });

  it('multiplies by a literal limit', () => {
    expect(cost('{ user(id: 1) { posts(limit: 3) { title } } }')).toBe(4);
    expect(cost('{ user(id: 1) { posts(limit: 0) { comments { author { name } } } } }')).toBe(1);
  });

  it('multiplies by a limit passed as a variable, which plugins reading only literals miss', () => {
    expect(cost(postsWith('$n'), { n: 7 })).toBe(8);
    expect(cost(postsWith('$n'), { n: 40 })).toBe(41);
  });

  it('uses the argument default (10) when the variable is absent, as execution does', () => {
    expect(cost(postsWith('$n'), {}, listsOfThree)).toBe(11);
    expect(cost('{ user(id: 1) { posts { title } } }', {}, listsOfThree)).toBe(11);
  });

  it("uses the variable's own default before the argument's", () => {
    const query = 'query($n: Int = 4) { user(id: 1) { posts(limit: $n) { title } } }';
    expect(cost(query, {}, listsOfThree)).toBe(5);
    expect(cost(query, { n: 2 }, listsOfThree)).toBe(3);
  });

  it('falls back to the default list size when the limit is null, which bounds nothing', () => {
    expect(cost(postsWith('$n'), { n: null }, listsOfThree)).toBe(4);
    expect(cost(postsWith('null'), {}, listsOfThree)).toBe(4);
  });

  it('clamps a negative limit to 0 items', () => {
    expect(cost(postsWith('-5'))).toBe(1);
    expect(cost(postsWith('$n'), { n: -5 })).toBe(1);
  });

  it('reads a variable too large for Int at its value: execution refuses it, the estimate must not shrink it', () => {
    expect(cost(postsWith('$n'), { n: 1e12 })).toBe(1e12 + 1);
    expect(check(postsWith('$n'), { n: 1e12 })).toHaveLength(1);
  });

  it('does not turn an empty list times an unbounded one into NaN', () => {
    const query = 'query($n: Int) { user(id: 1) { posts(limit: 0) { author { posts(limit: $n) { title } } } } }';
    expect(cost(query, { n: Infinity })).toBe(1);
    expect(cost(postsWith('$n'), { n: Infinity })).toBe(Infinity);
    expect(check(postsWith('$n'), { n: Infinity })).toHaveLength(1);
  });

  it('multiplies nested lists: posts × comments', () => {
    // 1 user + 4 posts × (1 post + 10 comments × (1 comment + 1 author))
    expect(cost('{ user(id: 1) { posts(limit: 4) { comments { author { name } } } } }')).toBe(85);
    // ... and again for the authors' posts: 1 + 2 × (1 + 1 author × (1 + 3 posts × 1))
    expect(cost('{ user(id: 1) { posts(limit: 2) { author { posts(limit: 3) { title } } } } }')).toBe(11);
  });

  it('follows named and inline fragments, pricing them where they are spread', () => {
    const inline = '{ user(id: 1) { posts(limit: 4) { comments { author { name } } } } }';
    const named = `{ user(id: 1) { ...P } } fragment P on User { posts(limit: 4) { ...C } } fragment C on Post { comments { author { name } } }`;
    const inlineFragments = '{ user(id: 1) { ... on User { posts(limit: 4) { ... { comments { author { name } } } } } } }';
    expect([cost(named), cost(inlineFragments)]).toEqual([cost(inline), cost(inline)]);
    expect(cost(`{ user(id: 1) { posts(limit: 2) { ...A } author: posts(limit: 3) { ...A } } } fragment A on Post { author { name } }`)).toBe(11);
  });

  it('reads variables inside fragments from the operation', () => {
    expect(cost('query($n: Int) { user(id: 1) { ...P } } fragment P on User { posts(limit: $n) { title } }', { n: 6 })).toBe(7);
  });

  it('counts every copy of a field, aliased or not (an upper bound may overcount merged fields)', () => {
    expect(cost('{ a: user(id: 1) { name } b: user(id: 2) { name } }')).toBe(2);
    expect(cost('{ user(id: 1) { name } user(id: 1) { id } }')).toBe(2);
  });

  it('counts what @skip or @include might leave out', () => {
    expect(cost('{ user(id: 1) { posts(limit: 3) @skip(if: true) { title } } }')).toBe(4);
  });

  it('applies per-field weights, never below 1 for a field that returns objects', () => {
    const heavyComments = graphLimitsWith({ fieldWeights: { 'Post.comments': 3, 'Comment.body': 2 } });
    // 1 + 2 posts × (1 + 10 × (3 + 2))
    expect(cost('{ user(id: 1) { posts(limit: 2) { comments { body } } } }', {}, heavyComments)).toBe(103);
    const freeAuthors = graphLimitsWith({ fieldWeights: { 'Post.author': 0 } });
    expect(cost('{ user(id: 1) { posts(limit: 2) { author { name } } } }', {}, freeAuthors)).toBe(5);
  });

  it('prices mutations and subscriptions from their own root', () => {
    expect(cost('mutation { a: createPost(title: "a") { id } b: addComment(postId: 1, body: "b") { author { name } } }')).toBe(3);
    expect(cost('subscription { commentAdded(postId: 1) { author { posts(limit: 2) { title } } } }')).toBe(4);
  });

  it('measures the named operation, or the dearest one when none is named', () => {
    const document = 'query Cheap { user(id: 1) { name } } query Dear { user(id: 1) { posts(limit: 9) { title } } }';
    expect(cost(document, {}, defaultGraphLimits, 'Cheap')).toBe(1);
    expect(cost(document, {}, defaultGraphLimits, 'Dear')).toBe(10);
    expect(cost(document)).toBe(10);
    expect(cost(document, {}, defaultGraphLimits, 'Missing')).toBe(0);
  });

  it('stops on cyclic fragments, which graphql reports', () => {
    const query = '{ user(id: 1) { ...A } } fragment A on User { posts(limit: 2) { author { ...B } } } fragment B on User { ...A }';
    expect(cost(query)).toBe(5);
    // Validation (the document cache) refuses it; the cost limit, were it asked, adds nothing.
    expect([...validate(testSchema, parse(query), specifiedRules), ...check(query)].map((e) => e.message)).toEqual([
      'Cannot spread fragment "A" within itself via "B".',
    ]);
  });

  it('does not throw on fields the schema does not have', () => {
    expect(cost('{ user(id: 1) { nope { deeper } posts(limit: 2) { title } } }')).toBe(5);
  });
});

describe('maxCostCheck: refused before execution when the estimate is over the limit', () => {
  it('refuses a shallow query that a depth limit lets through', () => {
    const wide = '{ user(id: 1) { posts(limit: 50) { comments { author { name } } } } }';
    expect(validate(testSchema, parse(wide), [maxDepthRule(defaultGraphLimits.maxDepth)])).toEqual([]);
    const [error] = check(wide);
    expect(error?.message).toBe('The query has an estimated cost of 1051; the maximum cost is 250.');
    expect(error?.extensions).toEqual({ code: 'QUERY_TOO_COSTLY', cost: 1051, maxCost: 250 });
  });

  it('refuses through a variable what it accepts with a small one, for the same document', () => {
    const query = 'query Feed($n: Int) { user(id: 1) { posts(limit: $n) { comments { body } } } }';
    expect(check(query, { n: 5 })).toEqual([]);
    expect(check(query, { n: 100 }).map((e) => e.message)).toEqual(['Query "Feed" has an estimated cost of 1101; the maximum cost is 250.']);
  });

  it('accepts a cost exactly at the limit and refuses one above', () => {
    const atLimit = graphLimitsWith({ maxCost: 11 });
    expect(check(postsWith('10'), {}, atLimit)).toEqual([]);
    expect(check(postsWith('11'), {}, atLimit)).toHaveLength(1);
  });

  it('at 0, accepts only what resolves no object', () => {
    const nothing = graphLimitsWith({ maxCost: 0 });
    expect(check('{ __typename }', {}, nothing)).toEqual([]);
    expect(check('{ user(id: 1) { name } }', {}, nothing).map((e) => e.extensions)).toEqual([{ code: 'QUERY_TOO_COSTLY', cost: 1, maxCost: 0 }]);
  });

  it('prices fragments where they are spread, so a cost cannot hide in one', () => {
    const query = 'query Feed { user(id: 1) { ...Posts } } fragment Posts on User { posts(limit: 100) { comments { body } } }';
    expect(check(query).map((e) => e.message)).toEqual(['Query "Feed" has an estimated cost of 1101; the maximum cost is 250.']);
  });

  it('gives the cost of the operation the request runs, whichever of the document\'s operations it is', () => {
    const document = parse('query Cheap { user(id: 1) { name } } query Dear { user(id: 1) { posts(limit: 5) { title } } }');
    const [cheap, dear] = operationsOf(document);
    const priced = maxCostCheck(testSchema, defaultGraphLimits);
    expect([priced(document, cheap!, {}), priced(document, dear!, {})]).toEqual([{ ok: true, cost: 1 }, { ok: true, cost: 6 }]);
  });

  it('prices the same operation again whenever its variables differ, though it keeps the last verdict', () => {
    const document = parse(postsWith('$n'));
    const operation = operationsOf(document)[0]!;
    const priced = maxCostCheck(testSchema, defaultGraphLimits);
    // Among them values JSON writes alike ({} and { n: undefined }, 0 and -0, null and Infinity), which get no key and are priced afresh.
    const costs = [{ n: 3 }, { n: 5 }, { n: 3 }, {}, { n: 0 }, { n: -0 }, { n: 3 }, { n: 1e9 }, { n: 3 }, { n: '4' }, { n: 3 }, { n: undefined }, { n: 2 }, { n: null }, { n: Infinity }]
      .map((variables) => priced(document, operation, variables));
    expect(costs.map((verdict) => (verdict.ok ? verdict.cost : 'refused'))).toEqual([4, 6, 4, 11, 1, 1, 4, 'refused', 4, 11, 4, 11, 3, 11, 'refused']);
    // Its JSON is {}, as is that of the {} priced before it; execution reads the hidden 2 all the same.
    const hidden = Object.defineProperty({}, 'n', { value: 2, enumerable: false }) as VariableValues;
    expect([priced(document, operation, {}), priced(document, operation, hidden)]).toEqual([{ ok: true, cost: 11 }, { ok: true, cost: 3 }]);
  });

  it('prices variables nested too deep for any key afresh, without taking the stack', () => {
    const document = parse(postsWith('$n'));
    const priced = maxCostCheck(testSchema, defaultGraphLimits);
    let deep: unknown = 3;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(priced(document, operationsOf(document)[0]!, { n: 3, deep })).toEqual({ ok: true, cost: 4 });
  });

  it('prices a repeat of the last admitted operation and variables once, and a refusal every time', () => {
    const { priced, pricings } = countedPricing(graphLimitsWith({ maxCost: 10 }));
    const document = parse('query($n: Int) { feed(limit: $n) { id } }');
    const operation = operationsOf(document)[0]!;
    expect([priced(document, operation, { n: 3 }), priced(document, operation, { n: 3 })]).toEqual([{ ok: true, cost: 3 }, { ok: true, cost: 3 }]);
    expect(pricings()).toBe(1);
    // Variables with no key are priced without taking the kept verdict's place.
    const hidden = Object.defineProperty({}, 'n', { value: 4, enumerable: false }) as VariableValues;
    expect([priced(document, operation, hidden), priced(document, operation, { n: 3 })]).toEqual([{ ok: true, cost: 4 }, { ok: true, cost: 3 }]);
    expect(pricings()).toBe(2);
    expect([priced(document, operation, { n: 50 }), priced(document, operation, { n: 50 })].map((verdict) => verdict.ok)).toEqual([false, false]);
    expect(pricings()).toBe(4);
  });

  it('keeps a verdict for variables of every kind JSON parses to, up to 1,024 characters of JSON, and none for longer ones', () => {
    const { priced, pricings } = countedPricing(defaultGraphLimits);
    const document = parse('query($s: String) { feed { id } }');
    const operation = operationsOf(document)[0]!;
    // {"s":"…"} is 8 characters around the string.
    for (const variables of [{ s: [0, 'x', true, false, null, { nested: [] }] }, { s: 'x'.repeat(1_016) }, { s: 'y'.repeat(1_017) }]) {
      priced(document, operation, variables);
      priced(document, operation, variables);
    }
    expect(pricings()).toBe(4);
  });

  it('keys no variables whose JSON is not what pricing reads: a toJSON of their own, a NaN in a list', () => {
    const document = parse('query($n: Int = 3, $ids: [Int]) { user(id: 1) { posts(limit: $n) { title } } }');
    const operation = operationsOf(document)[0]!;
    const priced = maxCostCheck(testSchema, defaultGraphLimits);
    const writesEmpty = Object.assign(Object.create({ toJSON: () => ({}) }) as object, { n: 2 }) as VariableValues;
    expect([priced(document, operation, {}), priced(document, operation, writesEmpty)]).toEqual([{ ok: true, cost: 4 }, { ok: true, cost: 3 }]);
    // JSON writes NaN as null, but NaN fails coercion, so the request's raw variables are priced, and $n has no default there.
    expect([priced(document, operation, { ids: [null, 1] }), priced(document, operation, { ids: [NaN, 1] })]).toEqual([{ ok: true, cost: 4 }, { ok: true, cost: 11 }]);
  });

  it('has no limit at Infinity and refuses limits that cannot work', () => {
    expect(check(postsWith('$n'), { n: 1e9 }, graphLimitsWith({ maxCost: Infinity }))).toEqual([]);
    expect(() => maxCostCheck(testSchema, { ...defaultGraphLimits, maxCost: Number.NaN })).toThrow(new RangeError('maxCost must be non-negative or Infinity (no limit), got NaN'));
  });
});
