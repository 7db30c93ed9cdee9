import {
  type DirectiveNode, getEnterLeaveForKind, GraphQLError, GraphQLIncludeDirective, GraphQLSkipDirective, Kind, OperationTypeNode, type SelectionSetNode,
  SingleFieldSubscriptionsRule, type ValidationContext, type ValidationRule,
} from 'graphql';

const conditional = new Set([GraphQLSkipDirective.name, GraphQLIncludeDirective.name]);

/** Every `@skip` and `@include` on the root level of a selection set, through its inline fragments and spreads. */
function rootConditions(context: ValidationContext, selectionSet: SelectionSetNode, spread: Set<string>, found: DirectiveNode[]): DirectiveNode[] {
  for (const selection of selectionSet.selections) {
    for (const directive of selection.directives ?? []) if (conditional.has(directive.name.value)) found.push(directive);
    if (selection.kind === Kind.INLINE_FRAGMENT) rootConditions(context, selection.selectionSet, spread, found);
    if (selection.kind === Kind.FRAGMENT_SPREAD && !spread.has(selection.name.value)) {
      spread.add(selection.name.value);
      const fragment = context.getFragment(selection.name.value);
      if (fragment !== undefined && fragment !== null) rootConditions(context, fragment.selectionSet, spread, found);
    }
  }
  return found;
}

/**
 * graphql-js 16's `SingleFieldSubscriptionsRule` (one root field, not an introspection one) with the check the
 * GraphQL spec added before it (graphql-spec#860, in graphql-js 17): a subscription's root selection must not
 * use `@skip` or `@include`, since which event stream it opens must not depend on the variables. graphql-js 16
 * decides the root fields with no variables at all, so `@skip(if: $b)` there made it throw from `validate`
 * instead of refusing the document: a crash on a client's input. Refused here first, with graphql-js 17's
 * words and the directives as locations; every other document gets graphql-js 16's own verdict.
 */
export const singleFieldSubscriptionsRule: ValidationRule = (context) => {
  const graphqlJs = SingleFieldSubscriptionsRule(context);
  return {
    ...graphqlJs,
    OperationDefinition(node, ...rest) {
      if (node.operation === OperationTypeNode.SUBSCRIPTION && context.getSchema().getSubscriptionType()) {
        const conditions = rootConditions(context, node.selectionSet, new Set(), []);
        if (conditions.length > 0) {
          const name = node.name?.value;
          context.reportError(new GraphQLError(
            name === undefined
              ? 'Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.'
              : `Subscription "${name}" must not use \`@skip\` or \`@include\` directives in the top level selection.`,
            { nodes: conditions },
          ));
          return undefined;
        }
      }
      return getEnterLeaveForKind(graphqlJs, Kind.OPERATION_DEFINITION).enter?.call(graphqlJs, node, ...rest) as unknown;
    },
  };
};
