import type { GraphQLObjectType } from 'graphql';
import type { VariableValues } from '../../src/graph/limits/cost.js';
import { graphSchema } from '../../src/graph/schema.js';
import { type Argument, type Condition, type Field, fieldType, type Fragment, type QueryTree, type SelectionSet, type TypeName } from './graph-query-tree.js';

/**
 * Prints a query tree as a document and, independently of graphql-js, works out what its response must look
 * like: for every object, the response keys in the order execution first meets them, after aliases, fragments
 * and `@include`/`@skip` (GraphQL spec, CollectFields). The only knowledge taken from graphql-js is the rule
 * that decides which fields may share a key (OverlappingFieldsCanBeMerged), so that the document is valid.
 */

export interface FieldShape {
  readonly field: string;
  /** For `posts` and `comments`: the most items the list may hold, the `limit` as its resolver reads it. */
  readonly limit: number | undefined;
  /** The keys of the objects the field returns; undefined for a scalar. */
  readonly shape: ObjectShape | undefined;
}

export interface ObjectShape {
  readonly fields: ReadonlyMap<string, FieldShape>;
}

export interface PrintedQuery {
  readonly text: string;
  /** The JSON `variables` member: absent when the operation declares none. */
  readonly variables: VariableValues | undefined;
  readonly operationName: string | undefined;
  /** The shape of `data`. */
  readonly shape: ObjectShape;
}

/** One response key's place in the merged response: everything written under that key, executed or not. */
class Scope implements ObjectShape {
  /** Field and arguments per key, for every selection: validation merges skipped ones too. */
  readonly signatures = new Map<string, string>();
  readonly children = new Map<string, Scope>();
  /** Only the fields that execute, in the order they first do. */
  readonly fields = new Map<string, FieldShape>();

  child(key: string): Scope {
    const known = this.children.get(key);
    if (known !== undefined) return known;
    const scope = new Scope();
    this.children.set(key, scope);
    return scope;
  }
}

/** The `limit` a list field gets when none is written: read from the schema, not assumed. */
export function schemaDefaultLimit(type: TypeName, field: string): number {
  const definition = (graphSchema.getType(type) as GraphQLObjectType).getFields()[field]!;
  return definition.args.find((arg) => arg.name === 'limit')!.defaultValue as number;
}

export function printQuery(tree: QueryTree): PrintedQuery {
  const definitions: string[] = [];
  const variables: Record<string, unknown> = {};
  const fragments: string[] = [];
  let freshKeys = 0;

  const declare = (prefix: string, type: string, value: unknown): string => {
    const name = `${prefix}${definitions.length}`;
    definitions.push(`$${name}: ${type}`);
    if (value !== undefined) variables[name] = value;
    return `$${name}`;
  };

  const conditionOf = (condition: Condition): { readonly text: string; readonly holds: boolean } => {
    if (condition === undefined) return { text: '', holds: true };
    const value = condition.via === 'literal'
      ? String(condition.value)
      : condition.via === 'variable' ? declare('b', 'Boolean!', condition.value) : declare('b', `Boolean = ${condition.value}`, undefined);
    return { text: ` @${condition.directive}(if: ${value})`, holds: condition.directive === 'include' ? condition.value : !condition.value };
  };

  const argumentOf = (argument: Argument, type: TypeName, field: string): { readonly text: string; readonly limit: number | undefined } => {
    switch (argument.kind) {
      case 'none':
        return { text: '', limit: undefined };
      case 'id': {
        const { via, id, quoted } = argument.id;
        const literal = quoted ? `"${id}"` : String(id);
        // A nullable variable with a default may stand where `ID!` is expected (GraphQL spec 5.8.5).
        const value = via === 'literal' ? literal : via === 'variable' ? declare('u', 'ID!', quoted ? String(id) : id) : declare('u', `ID = ${literal}`, undefined);
        return { text: `(id: ${value})`, limit: undefined };
      }
      case 'limit': {
        const source = argument.limit;
        const fallback = schemaDefaultLimit(type, field);
        if (source.kind === 'unwritten') return { text: '', limit: fallback };
        if (source.kind === 'literal') return { text: `(limit: ${source.value})`, limit: source.value ?? fallback };
        const declared = source.declaredDefault === undefined ? 'Int' : `Int = ${source.declaredDefault}`;
        // Sent as null is null (no bound, so the default); only a variable not sent takes its declared default.
        const given = source.sent === undefined ? source.declaredDefault : source.sent;
        return { text: `(limit: ${declare('l', declared, source.sent)})`, limit: given ?? fallback };
      }
    }
  };

  const printSet = (set: SelectionSet, type: TypeName, scope: Scope, runs: boolean): string => {
    const [first, second] = set.fragments;
    // The fragment a field is written in, seen from outside every fragment, from inside the first, or from
    // inside the second: 0 when it is written right there.
    const groupSeenFrom = (inside: 0 | 1 | 2, field: Field): 0 | 1 | 2 => {
      if (inside === 2 || field.placement === inside) return 0;
      if (inside === 1) return 2;
      return field.placement === 2 && second.inFirst ? 1 : field.placement;
    };
    const printMembers = (fields: readonly Field[], inside: 0 | 1 | 2, executes: boolean): string[] => {
      const printed = new Set<number>();
      return fields.flatMap((field) => {
        const group = groupSeenFrom(inside, field);
        if (group === 0) return [printField(field, type, scope, executes)];
        if (printed.has(group)) return [];
        printed.add(group);
        // A fragment is written where its first field would be, with all of its fields.
        const members = fields.filter((other) => groupSeenFrom(inside, other) === group);
        return [printFragment(group === 1 ? first : second, type, (running) => printMembers(members, group, running), executes)];
      });
    };
    return `{ ${printMembers(set.fields, 0, runs).join(' ')} }`;
  };

  const printFragment = (fragment: Fragment, type: TypeName, members: (executes: boolean) => string[], runs: boolean): string => {
    const condition = conditionOf(fragment.condition);
    const body = `{ ${members(runs && condition.holds).join(' ')} }`;
    if (fragment.kind !== 'spread') return `...${fragment.kind === 'typed inline' ? ` on ${type}` : ''}${condition.text} ${body}`;
    const at = fragments.push('') - 1;
    fragments[at] = `fragment F${at} on ${type} ${body}`;
    return `...F${at}${condition.text}`;
  };

  const printField = (field: Field, type: TypeName, scope: Scope, runs: boolean): string => {
    const condition = conditionOf(field.condition);
    const executes = runs && condition.holds;
    const argument = field.kind === 'object' ? argumentOf(field.argument, type, field.name) : { text: '', limit: undefined };
    const signature = `${field.name}${argument.text}`;
    // Two fields may share a response key only with the same name and arguments; otherwise the second gets
    // an alias of its own, as a client writing the query would have to.
    let key = field.alias ?? field.name;
    const taken = scope.signatures.get(key);
    if (taken !== undefined && taken !== signature) key = `k${freshKeys++}`;
    if (!scope.signatures.has(key)) scope.signatures.set(key, signature);
    const child = field.kind === 'object' ? scope.child(key) : undefined;
    if (executes && !scope.fields.has(key)) scope.fields.set(key, { field: field.name, limit: argument.limit, shape: child });
    const alias = key === field.name ? '' : `${key}: `;
    const body = field.kind === 'object' ? ` ${printSet(field.children, fieldType(type, field.name), child!, executes)}` : '';
    return `${alias}${field.name}${argument.text}${condition.text}${body}`;
  };

  const root = new Scope();
  const body = printSet(tree.root, 'Query', root, true);
  const { form } = tree;
  const parameters = definitions.length > 0 ? `(${definitions.join(', ')})` : '';
  const head = form.keyword || form.named || parameters !== '' ? `query${form.named ? ' Q' : ''}${parameters} ` : '';
  const operation = `${head}${body}`;
  const sibling = 'query Other { __typename }';
  const operations = form.sibling === 'before' ? [sibling, operation] : form.sibling === 'after' ? [operation, sibling] : [operation];
  return {
    text: [...operations, ...fragments].join('\n'),
    variables: definitions.length > 0 ? variables : undefined,
    operationName: form.named && form.sendName ? 'Q' : undefined,
    shape: root,
  };
}
