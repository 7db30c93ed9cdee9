import { fc } from '@fast-check/vitest';
import type { GraphLimits } from '../../src/graph/limits/settings.js';
import { overDepthOrCost } from './graph-query-limits.js';
import { printQuery } from './graph-query-print.js';
import { type Alias, type Field, type Fragment, type LimitSource, type QueryTree, queryTrees, type SelectionSet } from './graph-query-tree.js';

/**
 * Queries over the depth or the cost limit, built to be over it rather than found by filtering, so that a
 * counterexample can shrink without falling under the limit: a chain of fields one level too deep at least, or
 * a list of lists whose smallest limits still cost more than the maximum; beside a random query as company.
 */

const unused: Fragment = { kind: 'inline', condition: undefined, inFirst: false };
const only = (field: Field): SelectionSet => ({ fields: [field], fragments: [unused, unused] });
const leaf = (name: string): Field => ({ kind: 'leaf', name, alias: undefined, condition: undefined, placement: 0 });
const object = (name: string, argument: Extract<Field, { kind: 'object' }>['argument'], alias: Alias, children: SelectionSet): Field =>
  ({ kind: 'object', name, alias, argument, condition: undefined, placement: 0, children });
const limited = (limit: LimitSource) => ({ kind: 'limit' as const, limit });

interface Step {
  /** At a post: its comments' authors rather than its own author. */
  readonly viaComments: boolean;
  readonly limit: number;
  readonly alias: Alias;
}

/** `user { posts { author { posts { comments { author … } } } } }`, one field per step, a leaf at the end. */
function chain(id: number, steps: readonly Step[], last: string): Field {
  let type: 'User' | 'Post' | 'Comment' = 'User';
  const down = (at: number): SelectionSet => {
    const step = steps[at];
    if (step === undefined) return only(leaf(last));
    const literal = limited({ kind: 'literal', value: step.limit });
    if (type === 'User') {
      type = 'Post';
      return only(object('posts', literal, step.alias, down(at + 1)));
    }
    if (type === 'Post' && step.viaComments) {
      type = 'Comment';
      return only(object('comments', literal, step.alias, down(at + 1)));
    }
    type = 'User';
    return only(object('author', { kind: 'none' }, step.alias, down(at + 1)));
  };
  return object('user', { kind: 'id', id: { via: 'literal', id, quoted: false } }, undefined, down(0));
}

const alias = fc.constantFrom<Alias>(undefined, 'x', 'y');
const userId = fc.integer({ min: 1, max: 5 });

function tooDeep(limits: GraphLimits): fc.Arbitrary<Field> {
  // `user`, the steps and a leaf: maxDepth - 1 steps make a query one level too deep.
  const step = fc.record({ viaComments: fc.boolean(), limit: fc.integer({ min: 0, max: 3 }), alias });
  return fc.record({ id: userId, steps: fc.array(step, { minLength: limits.maxDepth - 1, maxLength: limits.maxDepth + 2 }), last: fc.constantFrom('id', '__typename') })
    .map(({ id, steps, last }) => chain(id, steps, last));
}

function tooCostly(limits: GraphLimits): fc.Arbitrary<Field> {
  // posts(limit: p) { comments(limit: c) { … } } costs 1 + p × (1 + c): with c at least 10, p just over a tenth of
  // the maximum is already too much, whatever the two shrink to.
  const postsAtLeast = Math.ceil(limits.maxCost / 11);
  const sized = (min: number, max: number): fc.Arbitrary<LimitSource> => fc.oneof(
    fc.integer({ min, max }).map((value) => ({ kind: 'literal' as const, value })),
    fc.integer({ min, max }).map((value) => ({ kind: 'variable' as const, sent: value, declaredDefault: undefined })),
  );
  const comments = fc.oneof(fc.constant<LimitSource>({ kind: 'unwritten' }), sized(10, 50));
  return fc.record({ id: userId, posts: sized(postsAtLeast, 50), comments, alias, last: fc.constantFrom('id', 'body', '__typename') }).map(({ id, posts, comments, alias, last }) =>
    object('user', { kind: 'id', id: { via: 'literal', id, quoted: false } }, undefined, only(
      object('posts', limited(posts), alias, only(object('comments', limited(comments), undefined, only(leaf(last))))),
    )));
}

export function overLimitQueries(limits: GraphLimits): fc.Arbitrary<QueryTree> {
  const company = fc.option(queryTrees({ depth: limits.maxDepth, limit: fc.integer({ min: 0, max: 4 }), objectWeight: 3 }), { nil: undefined });
  return fc
    .record({ over: fc.oneof(tooDeep(limits), tooCostly(limits)), company })
    .map(({ over, company }): QueryTree => ({
      root: { fields: [...(company?.root.fields ?? []), over], fragments: company?.root.fragments ?? [unused, unused] },
      form: company?.form ?? { keyword: false, named: false, sendName: false, sibling: 'none' },
    }))
    // Company can bring too many aliases or tokens: then another limit would be the reason.
    .filter((tree) => overDepthOrCost(printQuery(tree), limits));
}
