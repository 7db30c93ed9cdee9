import {
  getNamedType, getNullableType, getVariableValues, GraphQLError, isCompositeType, isInterfaceType, isListType, isObjectType, Kind,
  valueFromAST, type DocumentNode, type FieldNode, type GraphQLField, type GraphQLNamedType, type GraphQLSchema,
  type OperationDefinitionNode, type SelectionSetNode,
} from 'graphql';
import { fragmentLookup, operationsOf, type FragmentLookup } from './fragments.js';
import { introspectionFields } from './introspection.js';
import { operationLabel } from './operation-label.js';
import { foldSelections } from './selection-fold.js';
import { checkGraphLimits, type GraphLimits } from './settings.js';

/** A request's variables as the client sent them (the JSON `variables` member), before coercion. */
export type VariableValues = Readonly<Record<string, unknown>>;

/** The argument that bounds a list field's length (`User.posts(limit:)`, spec §8.4). */
const sizeArgument = 'limit';

/**
 * The cost of an operation: every field costs its weight each time it resolves, and everything a list field
 * selects is paid once per item it may return. It is an upper bound, never a guess in the middle, because a
 * client that can make it too low can make the server do unbounded work. Where a value is unknown, the larger
 * reading is taken: every selection counts whatever its `@skip`/`@include` or type condition, and fields that
 * execution merges are counted once per time they are written.
 */
function operationCost(
  operation: OperationDefinitionNode,
  schema: GraphQLSchema,
  variables: VariableValues,
  limits: GraphLimits,
  fragmentNamed: FragmentLookup,
): number {
  // The values the resolvers will see: the same coercion execution runs, so a variable's own default applies
  // and `"5"` is no number. Variables that do not coerce stop execution before any resolver, so their raw
  // values only have to give some answer.
  const coercion = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  const values: VariableValues = coercion.coerced ?? variables;

  const fieldCost = (field: FieldNode, parentType: GraphQLNamedType | undefined, inner: (set: SelectionSetNode, type: GraphQLNamedType | undefined) => number): number => {
    const name = field.name.value;
    if (name === '__typename' || introspectionFields.has(name)) return 0;
    const definition = isObjectType(parentType) || isInterfaceType(parentType) ? parentType.getFields()[name] : undefined;
    if (parentType === undefined || definition === undefined) {
      // Unknown to the schema: FieldsOnCorrectTypeRule refuses the document. Count it as an object so the
      // rest of the estimate still means something in the error list.
      return 1 + (field.selectionSet ? inner(field.selectionSet, undefined) : 0);
    }
    const returnsObjects = isCompositeType(getNamedType(definition.type));
    const configured = limits.fieldWeights[`${parentType.name}.${name}`];
    const weight = returnsObjects ? Math.max(1, configured ?? 1) : (configured ?? 0);
    const perItem = weight + (field.selectionSet ? inner(field.selectionSet, getNamedType(definition.type)) : 0);
    return times(itemsBound(field, definition, values, limits.defaultListSize), perItem);
  };

  const root = schema.getRootType(operation.operation);
  return foldSelections(operation.selectionSet, root ?? undefined, fragmentNamed, {
    field: fieldCost,
    combine: 'sum',
    // A fragment costs the same wherever it is spread in one operation: its type condition fixes its types.
    within: (typeCondition) => schema.getType(typeCondition.name.value),
  });
}

/**
 * How many items one resolution of a field may return: 1 for a single value; for a list, its `limit`
 * argument, else the list default. A list of lists multiplies the default in once more per level, as nothing
 * bounds the inner lists.
 */
function itemsBound(field: FieldNode, definition: GraphQLField<unknown, unknown>, values: VariableValues, defaultListSize: number): number {
  let listLevels = 0;
  for (let type = getNullableType(definition.type); isListType(type); type = getNullableType(type.ofType)) listLevels++;
  if (listLevels === 0) return 1;
  return times(listSize(field, definition, values, defaultListSize), defaultListSize ** (listLevels - 1));
}

function listSize(field: FieldNode, definition: GraphQLField<unknown, unknown>, values: VariableValues, defaultListSize: number): number {
  const argument = definition.args.find((arg) => arg.name === sizeArgument);
  if (argument === undefined) return defaultListSize;
  const node = field.arguments?.find((arg) => arg.name.value === sizeArgument);
  // The reading graphql-js's execution makes (getArgumentValues): a variable the request did not send leaves
  // the argument unset, so its default applies, exactly as when the argument is not written at all.
  let value: unknown;
  if (node === undefined) value = argument.defaultValue;
  else if (node.value.kind === Kind.VARIABLE) value = Object.hasOwn(values, node.value.name.value) ? values[node.value.name.value] : argument.defaultValue;
  else value = valueFromAST(node.value, argument.type, values);
  // null (or an unusable value) sets no bound, so the list is as long as one the client cannot bound.
  // A negative limit returns nothing; Infinity (only from raw, uncoerced variables) stays Infinity.
  return typeof value === 'number' && !Number.isNaN(value) ? Math.max(0, Math.ceil(value)) : defaultListSize;
}

/** Nothing times anything is nothing, even when the other side is Infinity: 0 × Infinity must not be NaN. */
function times(items: number, costPerItem: number): number {
  return items === 0 || costPerItem === 0 ? 0 : items * costPerItem;
}

/**
 * The cost of the operation a request would run, the named one or, with no name, the dearest in the document.
 * Pure: the same document, schema, variables and limits always give the same number.
 */
export function estimateCost(
  document: DocumentNode,
  schema: GraphQLSchema,
  variables: VariableValues,
  limits: GraphLimits,
  operationName?: string,
): number {
  const fragmentNamed = fragmentLookup(document);
  return Math.max(0, ...operationsOf(document, operationName).map((operation) => operationCost(operation, schema, variables, limits, fragmentNamed)));
}

/** Whether the cost limit lets a request run: the cost of its operation, or why not. */
export type CostVerdict = { readonly ok: true; readonly cost: number } | { readonly ok: false; readonly errors: readonly GraphQLError[] };

/** The cost limit built for one schema and one set of limits, applied to one request. */
export type CostCheck = (document: DocumentNode, operation: OperationDefinitionNode, variables: VariableValues) => CostVerdict;

/**
 * The cost limit (spec §8.3): refuses a request when an operation of its document is estimated over
 * `limits.maxCost`, else gives the cost of `operation`, the one the request runs. Checked on every request,
 * after validation: the variables are the request's, since a `limit` passed as `$n` is as much a part of the
 * cost as one written in the query. Every operation of the document is priced, not only the one that runs: a
 * document carrying an oversized operation has no honest use. All of it in one walk, not a graphql-js
 * `validate` pass, whose fixed cost alone (about 0.3 ms here) was most of the admission of a cached document
 * (docs/decisions/graph.md, "GraphQL limits: one path"). The limits are checked when it is built, as a rule's are.
 */
export function maxCostCheck(schema: GraphQLSchema, limits: GraphLimits): CostCheck {
  checkGraphLimits(limits);
  // The verdict is pure, so the last admitted one of each operation is kept with the variables it was given: a
  // client that sends the same query with the same variables (the warm path) is priced once. One entry per
  // operation node, which lives as long as its cached document, and only for short variables, so neither
  // varied nor large variables can grow it. A refusal is priced afresh: its errors are each request's own.
  const last = new WeakMap<OperationDefinitionNode, { readonly variablesKey: string; readonly verdict: CostVerdict }>();
  return (document, operation, variables) => {
    const variablesKey = jsonKey(variables);
    const kept = variablesKey === undefined ? undefined : last.get(operation);
    if (kept !== undefined && kept.variablesKey === variablesKey) return kept.verdict;
    const verdict = priceDocument(document, operation, variables);
    if (verdict.ok && variablesKey !== undefined) last.set(operation, { variablesKey, verdict });
    return verdict;
  };

  function priceDocument(document: DocumentNode, operation: OperationDefinitionNode, variables: VariableValues): CostVerdict {
    const fragmentNamed = fragmentLookup(document);
    const errors: GraphQLError[] = [];
    let cost = 0;
    for (const each of operationsOf(document)) {
      const eachCost = operationCost(each, schema, variables, limits, fragmentNamed);
      if (eachCost > limits.maxCost) errors.push(tooCostlyError(each, eachCost, limits));
      if (each === operation) cost = eachCost;
    }
    return errors.length > 0 ? { ok: false, errors } : { ok: true, cost };
  }
}

/**
 * The variables as JSON text, when that text tells them apart from any other variables: plain objects,
 * arrays, strings, booleans, null and finite numbers other than -0, which is all that a request's JSON
 * parses to. Anything else (undefined, NaN, -0, a class instance, a hidden member) gets no key and is priced afresh.
 */
function jsonKey(value: unknown): string | undefined {
  if (!faithfulJson(value)) return undefined;
  const text = JSON.stringify(value);
  return text.length <= maxVariablesKeyLength ? text : undefined;
}

/** The longest variables text kept beside a priced operation. */
const maxVariablesKeyLength = 1_024;

/**
 * Whether `value` is faithful JSON of at most `maxVariablesKeyLength` values. Each value writes at least one
 * character of the key, so a longer walk could not give a key that is kept: it stops there, which also keeps a
 * request's deeply nested variables from taking the stack.
 */
function faithfulJson(value: unknown): boolean {
  let budget = maxVariablesKeyLength;
  const walk = (item: unknown): boolean => {
    if (--budget < 0) return false;
    if (item === null || typeof item === 'string' || typeof item === 'boolean') return true;
    if (typeof item === 'number') return Number.isFinite(item) && !Object.is(item, -0);
    if (Array.isArray(item)) return item.every(walk);
    if (typeof item !== 'object' || Object.getPrototypeOf(item) !== Object.prototype) return false;
    // A member JSON leaves out (not enumerable) is still one the pricing reads.
    const names = Object.keys(item);
    if (names.length !== Object.getOwnPropertyNames(item).length) return false;
    return names.every((name) => walk((item as Record<string, unknown>)[name]));
  };
  return walk(value);
}

function tooCostlyError(operation: OperationDefinitionNode, cost: number, limits: GraphLimits): GraphQLError {
  return new GraphQLError(`${operationLabel(operation)} has an estimated cost of ${cost}; the maximum cost is ${limits.maxCost}.`, {
    nodes: operation,
    extensions: { code: 'QUERY_TOO_COSTLY', cost, maxCost: limits.maxCost },
  });
}
