import { fc, test } from '@fast-check/vitest';
import {
  type ASTNode, type ASTVisitor, BREAK, getEnterLeaveForKind, Kind, parse, print, validate, type ValidationRule, visit, visitInParallel,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentRules } from '../../src/graph/document-cache.js';
import { maxAliasesRule } from '../../src/graph/limits/aliases.js';
import { maxDepthRule } from '../../src/graph/limits/depth.js';
import { rulesInOnePass, visitorsInOnePass } from '../../src/graph/rules-in-one-pass.js';
import { graphSchema } from '../../src/graph/schema.js';
import { replayable } from './replay.js';

/**
 * `visitorsInOnePass` must keep graphql-js's `visitInParallel` contract to the call, and so
 * `validate(schema, document, [rulesInOnePass(rules)])` must give `validate(schema, document, rules)`'s errors,
 * in order. Two differential properties: one with visitors that skip, break and edit at random, compared by
 * every call they hear; one with random documents, most of them invalid in many ways at once, compared by
 * every error. Each is also run against a combinator broken on purpose, and must catch it.
 */

const file = 'properties/white-box/graph-rules-in-one-pass.test.ts';

// ---- documents: random, mostly invalid, always parseable ----

/** Names of every type's fields, of the roots', and of none: a field is as often wrong for its place as right. */
const fieldNames = ['user', 'posts', 'author', 'comments', 'id', 'name', 'title', 'body', '__typename', 'createPost', 'addComment', 'commentAdded', 'password'];
const argumentTexts = [
  'id: 1', 'id: "1"', 'id: $v', 'id: true', 'limit: 3', 'limit: $n', 'limit: "x"', 'limit: $v', 'title: "t"', 'postId: 1', 'body: $w', 'nope: 1',
  'id: 1, id: 2', 'id: [1, "x"]', 'limit: [true]', 'id: { a: 1 }', 'limit: { n: [1, $v] }',
];
const directiveTexts = ['@skip(if: $b)', '@include(if: true)', '@skip(if: 1)', '@skip', '@unknown', '@skip(if: false) @skip(if: true)', '@deprecated'];
const typeConditions = ['User', 'Post', 'Comment', 'Query', 'Int', 'Nowhere'];
const fragmentNames = ['F', 'G', 'Missing'];
const variableTypes = ['Int', 'ID!', 'Boolean', 'String!', 'User', 'Nowhere', '[Int]', 'Int = "x"', 'Boolean = true'];
const variableNames = ['v', 'n', 'b', 'w', 'v'];
const operationKinds = ['query', 'query', 'mutation', 'subscription'];
const operationNames = ['', 'A', 'A', 'B'];

const sometimes = <T,>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { freq: 3, nil: undefined });

const field = {
  alias: sometimes(fc.constantFrom('x', 'y', 'name')),
  name: fc.constantFrom(...fieldNames),
  args: sometimes(fc.constantFrom(...argumentTexts)),
  directive: sometimes(fc.constantFrom(...directiveTexts)),
};
const fieldText = ({ alias, name, args, directive }: { alias?: string; name: string; args?: string; directive?: string }, children = ''): string =>
  [alias === undefined ? name : `${alias}: ${name}`, args === undefined ? '' : `(${args})`, directive ?? '', children].join(' ');

/** A selection set of 1 to 3 selections, 4 levels deep at most: fields, inline fragments and spreads. */
const selectionSet = fc.letrec<{ set: string; selection: string }>((tie) => ({
  set: fc.array(tie('selection'), { minLength: 1, maxLength: 3 }).map((selections) => `{ ${selections.join(' ')} }`),
  selection: fc.oneof(
    // The first is what the deepest level is made of.
    { maxDepth: 4, depthSize: 'small', withCrossShrink: true },
    fc.record(field, { requiredKeys: ['name'] }).map((leaf) => fieldText(leaf)),
    fc.record({ ...field, children: tie('set') }, { requiredKeys: ['name', 'children'] }).map((object) => fieldText(object, object.children)),
    fc.record({ on: sometimes(fc.constantFrom(...typeConditions)), directive: sometimes(fc.constantFrom(...directiveTexts)), children: tie('set') })
      .map(({ on, directive, children }) => `... ${on === undefined ? '' : `on ${on}`} ${directive ?? ''} ${children}`),
    fc.record({ name: fc.constantFrom(...fragmentNames), directive: sometimes(fc.constantFrom(...directiveTexts)) }).map(({ name, directive }) => `...${name} ${directive ?? ''}`),
  ),
})).set;

const operation = fc.record({
  kind: fc.constantFrom(...operationKinds),
  name: fc.constantFrom(...operationNames),
  variables: fc.array(fc.tuple(fc.constantFrom(...variableNames), fc.constantFrom(...variableTypes)), { maxLength: 3 }),
  directive: sometimes(fc.constantFrom(...directiveTexts)),
  set: selectionSet,
}).map(({ kind, name, variables, directive, set }) =>
  `${kind} ${name}${variables.length === 0 ? '' : `(${variables.map(([v, type]) => `$${v}: ${type}`).join(', ')})`} ${directive ?? ''} ${set}`);

const fragment = fc.record({ name: fc.constantFrom(...fragmentNames.slice(0, 2)), on: fc.constantFrom(...typeConditions), set: selectionSet })
  .map(({ name, on, set }) => `fragment ${name} on ${on} ${set}`);

/** One to three operations and up to two fragments, in any order: duplicates, cycles and strays included. */
const documentTexts: fc.Arbitrary<string> = fc.tuple(fc.array(operation, { minLength: 1, maxLength: 3 }), fc.array(fragment, { maxLength: 2 }), fc.boolean())
  .map(([operations, fragments, fragmentsFirst]) => (fragmentsFirst ? [...fragments, ...operations] : [...operations, ...fragments]).join('\n'));

/** The document cache's rules, with limits low enough that the depth and alias rules refuse some documents. */
const rulesAsTheCacheRuns: readonly ValidationRule[] = documentRules([maxDepthRule(3), maxAliasesRule(2)]);

/** Every error as a client would read it, in order. */
const errorsOf = (errors: readonly { toJSON(): unknown }[]) => errors.map((error) => error.toJSON());

function sameErrors(text: string, together: ValidationRule, maxErrors?: number): void {
  const document = parse(text);
  const options = { maxErrors, hideSuggestions: true };
  expect(errorsOf(validate(graphSchema, document, [together], options)), text).toEqual(errorsOf(validate(graphSchema, document, rulesAsTheCacheRuns, options)));
}

// ---- visitors that skip, break and edit ----

/** What a handler returns on its nth call, cycling: mostly nothing. `null` deletes the node (an edit). */
type Verdict = 'nothing' | 'skip' | 'break' | 'delete';
const verdictOf = { nothing: undefined, skip: false, break: BREAK, delete: null } as const;

/** How a visitor writes its handler for one kind: each of the shapes `getEnterLeaveForKind` reads. */
type Form = 'function' | 'enter and leave' | 'enter only' | 'leave only';

interface ScriptedVisitor {
  /** The kinds it handles, and how; `generic` handles every kind through `enter` and `leave` at the top. */
  readonly kinds: readonly (readonly [ASTNode['kind'], Form])[];
  readonly generic: boolean;
  readonly enterVerdicts: readonly Verdict[];
  readonly leaveVerdicts: readonly Verdict[];
}

const kindsSeen = [Kind.DOCUMENT, Kind.OPERATION_DEFINITION, Kind.SELECTION_SET, Kind.FIELD, Kind.NAME, Kind.ARGUMENT, Kind.VARIABLE, Kind.DIRECTIVE, Kind.INLINE_FRAGMENT, Kind.FRAGMENT_SPREAD, Kind.FRAGMENT_DEFINITION];
const verdicts = fc.array(fc.constantFrom<Verdict>('nothing', 'nothing', 'nothing', 'nothing', 'skip', 'break', 'delete'), { minLength: 1, maxLength: 6 });
const scriptedVisitors: fc.Arbitrary<ScriptedVisitor[]> = fc.array(
  fc.record({
    kinds: fc.uniqueArray(fc.tuple(fc.constantFrom(...kindsSeen), fc.constantFrom<Form>('function', 'enter and leave', 'enter only', 'leave only')), { selector: ([kind]) => kind, maxLength: 5 }),
    generic: fc.boolean(),
    enterVerdicts: verdicts,
    leaveVerdicts: verdicts,
  }),
  { minLength: 1, maxLength: 6 },
);

/** The visitors a script describes, each call they hear written to `log`: who, which handler, what node, `this`. */
function visitorsOf(scripts: readonly ScriptedVisitor[], log: string[]): ASTVisitor[] {
  return scripts.map((script, index) => {
    let enters = 0;
    let leaves = 0;
    const visitor: Record<string, unknown> = {};
    const handler = (side: 'enter' | 'leave') => function (this: unknown, node: ASTNode, key: unknown, parent: unknown, path: readonly unknown[], ancestors: readonly unknown[] | undefined) {
      log.push(`${index} ${side} ${node.kind} ${String(key)} ${String(path)} ${String(ancestors?.length)} ${parent === undefined ? '-' : 'p'} this:${this === visitor}`);
      const said = side === 'enter' ? script.enterVerdicts : script.leaveVerdicts;
      return verdictOf[said[(side === 'enter' ? enters++ : leaves++) % said.length]!];
    };
    for (const [kind, form] of script.kinds) {
      if (form === 'function') visitor[kind] = handler('enter');
      else if (form === 'enter and leave') visitor[kind] = { enter: handler('enter'), leave: handler('leave') };
      else if (form === 'enter only') visitor[kind] = { enter: handler('enter') };
      else visitor[kind] = { leave: handler('leave') };
    }
    if (script.generic) {
      visitor.enter = handler('enter');
      visitor.leave = handler('leave');
    }
    return visitor;
  });
}

/**
 * Every call the visitors hear, and the document the edits leave, when `combine` runs them over `text`; or
 * what `visit` threw, since a deleted node can leave it nothing to go on with, and that must be the same too.
 */
function transcript(text: string, scripts: readonly ScriptedVisitor[], combine: (visitors: readonly ASTVisitor[]) => ASTVisitor): { calls: string[]; edited: string } {
  const calls: string[] = [];
  try {
    const edited = visit(parse(text), combine(visitorsOf(scripts, calls))) as ASTNode | null;
    return { calls, edited: edited === null ? '(deleted)' : print(edited) };
  } catch (error) {
    return { calls, edited: `(threw ${String(error)})` };
  }
}

function sameCalls(text: string, scripts: readonly ScriptedVisitor[], combine: (visitors: readonly ASTVisitor[]) => ASTVisitor): void {
  expect(transcript(text, scripts, combine), text).toEqual(transcript(text, scripts, (visitors) => visitInParallel(visitors)));
}

/**
 * A combinator as one might first write it: every handler for every node, whatever it returned before, so
 * that skips and breaks are ignored. Only an edit is passed on.
 */
function heedless(visitors: readonly ASTVisitor[]): ASTVisitor {
  const each = (side: 'enter' | 'leave') => (node: ASTNode, ...rest: unknown[]): unknown => {
    for (const visitor of visitors) {
      const handler = getEnterLeaveForKind(visitor, node.kind)[side] as ((...args: unknown[]) => unknown) | undefined;
      const result = handler?.call(visitor, node, ...rest);
      if (result !== undefined && result !== false && result !== BREAK) return result;
    }
    return undefined;
  };
  return { enter: each('enter'), leave: each('leave') };
}

/** The rules' visitors combined by `combine`, as one rule. */
const combinedBy = (combine: (visitors: readonly ASTVisitor[]) => ASTVisitor, rules: readonly ValidationRule[]): ValidationRule =>
  (context) => combine(rules.map((rule) => rule(context)));

describe('visitorsInOnePass keeps visitInParallel\'s contract', () => {
  test.prop([documentTexts, scriptedVisitors], replayable<[string, ScriptedVisitor[]]>(file, 300))(
    'the same calls, with the same this and arguments, and the same edits, whatever the visitors skip, break or delete',
    (text, scripts) => sameCalls(text, scripts, visitorsInOnePass),
  );

  it('a skip ends where its node is left, also for a visitor with no handler there', () => {
    const calls: string[] = [];
    visit(parse('{ a { b } c }'), visitorsInOnePass([{ Field: { enter: (node) => (calls.push(`skip ${node.name.value}`), node.name.value === 'a' ? false : undefined) } }, { Name: (node) => void calls.push(`name ${node.value}`) }]));
    expect(calls).toEqual(['skip a', 'name a', 'name b', 'skip c', 'name c']);
  });

  test('teeth: a combinator that ignores skips and breaks is caught', () => {
    const result = fc.check(fc.property(documentTexts, scriptedVisitors, (text, scripts) => sameCalls(text, scripts, heedless)), { numRuns: 300, seed: 18 });
    expect(result.failed).toBe(true);
  });
});

describe('validate with rulesInOnePass gives the errors validate gives', () => {
  test.prop([documentTexts], replayable<[string]>(file, 500))('the same errors in the same order, on random documents mostly invalid', (text) =>
    sameErrors(text, rulesInOnePass(rulesAsTheCacheRuns)));

  test.prop([fc.array(documentTexts, { minLength: 4, maxLength: 8 }), fc.integer({ min: 1, max: 12 })], replayable<[string[], number]>(file, 50))(
    'the same errors up to the same abort, when maxErrors is reached',
    (texts, maxErrors) => sameErrors(texts.join('\n'), rulesInOnePass(rulesAsTheCacheRuns), maxErrors),
  );

  it('the nested sample, valid, and a document most rules refuse', () => {
    const together = rulesInOnePass(rulesAsTheCacheRuns);
    sameErrors('query Sample($id: ID!, $limit: Int) { user(id: $id) { name posts(limit: $limit) { title author { name } comments { body author { name } } } } }', together);
    const refused = 'query A($v: User, $v: Int) { user(id: true) { x: name x: id ...F ...Missing posts { author { posts { title } } } } } query A { password } fragment F on Nowhere { ...F } fragment F on User { id }';
    sameErrors(refused, together);
    expect(validate(graphSchema, parse(refused), [together]).length).toBeGreaterThan(8);
  });

  test('teeth: the rules run in reverse order are caught', () => {
    const reversed = (visitors: readonly ASTVisitor[]) => visitorsInOnePass([...visitors].reverse());
    const result = fc.check(fc.property(documentTexts, (text) => sameErrors(text, combinedBy(reversed, rulesAsTheCacheRuns))), { numRuns: 300, seed: 18 });
    expect(result.failed).toBe(true);
  });

  test('teeth: a combinator that ignores skips and breaks is caught by the errors alone', () => {
    const result = fc.check(fc.property(documentTexts, (text) => sameErrors(text, combinedBy(heedless, rulesAsTheCacheRuns))), { numRuns: 300, seed: 18 });
    expect(result.failed).toBe(true);
  });
});
