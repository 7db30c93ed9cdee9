import { type ASTNode, type ASTVisitor, BREAK, getEnterLeaveForKind, type ValidationRule } from 'graphql';

/** A visitor's handler for one kind, as `visit` calls it: `this` is the visitor, then the node and where it is. */
type Handler = (this: ASTVisitor, node: ASTNode, key: unknown, parent: unknown, path: unknown, ancestors: unknown) => unknown;

/** The visitors that handle one kind of node, in the order given, beside their handlers. */
interface Handlers {
  readonly visitors: number[];
  readonly handlers: Handler[];
}

interface KindHandlers {
  readonly enter: Handlers;
  readonly leave: Handlers;
}

/**
 * `visitors` as one visitor, with graphql-js's `visitInParallel` contract to the call: for every node, each
 * visitor's handler in the order given, with the same `this` and arguments; a visitor whose `enter` returns
 * `false` skips the node's subtree, one that returns `BREAK` hears nothing more, and the first other value
 * returned is the visit's edit. Kept apart from `visitInParallel` because of what that costs on a small
 * document: it resolves every visitor against all 49 node kinds before the first node, an object allocated
 * for each (about 1,400 a `validate` with the specified rules), and calls all 29 visitors for every node it
 * enters and leaves. This resolves a kind when a node of it first comes, and calls only the visitors that
 * handle it (docs/decisions/graph.md, "Validation in one pass").
 */
export function visitorsInOnePass(visitors: readonly ASTVisitor[]): ASTVisitor {
  const count = visitors.length;
  /** Per visitor: `null`, or the node whose subtree it skips, or `BREAK` when it is done. */
  const skipping: unknown[] = new Array<unknown>(count).fill(null);
  /** Visitors skipping a subtree: while none is, a leave has no skip to end, so it need only call handlers. */
  let skippingSubtrees = 0;
  const byKind = new Map<string, KindHandlers>();

  const handlersOf = (kind: ASTNode['kind']): KindHandlers => {
    let known = byKind.get(kind);
    if (known === undefined) {
      known = { enter: { visitors: [], handlers: [] }, leave: { visitors: [], handlers: [] } };
      for (let i = 0; i < count; i++) {
        const { enter, leave } = getEnterLeaveForKind(visitors[i]!, kind);
        if (enter !== undefined) {
          known.enter.visitors.push(i);
          known.enter.handlers.push(enter as Handler);
        }
        if (leave !== undefined) {
          known.leave.visitors.push(i);
          known.leave.handlers.push(leave as Handler);
        }
      }
      byKind.set(kind, known);
    }
    return known;
  };

  /** Visitor `i`'s leave handler called: the edit it returns, or undefined (on leave, `false` is no edit). */
  const leaveOf = (i: number, handler: Handler, node: ASTNode, key: unknown, parent: unknown, path: unknown, ancestors: unknown): unknown => {
    const result = handler.call(visitors[i]!, node, key, parent, path, ancestors);
    if (result === BREAK) {
      skipping[i] = BREAK;
      return undefined;
    }
    return result === false ? undefined : result;
  };

  return {
    enter(node, key, parent, path, ancestors) {
      const { visitors: which, handlers } = handlersOf(node.kind).enter;
      for (let j = 0; j < which.length; j++) {
        const i = which[j]!;
        if (skipping[i] !== null) continue;
        const result = handlers[j]!.call(visitors[i]!, node, key, parent, path, ancestors);
        if (result === false) {
          skipping[i] = node;
          skippingSubtrees++;
        } else if (result === BREAK) {
          skipping[i] = BREAK;
        } else if (result !== undefined) {
          return result;
        }
      }
      return undefined;
    },
    leave(node, key, parent, path, ancestors) {
      const { visitors: which, handlers } = handlersOf(node.kind).leave;
      if (skippingSubtrees === 0) {
        // No skip to end here: only the handlers of the visitors still listening are called.
        for (let j = 0; j < which.length; j++) {
          const i = which[j]!;
          if (skipping[i] !== null) continue;
          const edit = leaveOf(i, handlers[j]!, node, key, parent, path, ancestors);
          if (edit !== undefined) return edit;
        }
        return undefined;
      }
      // Every visitor in order, as `visitInParallel` does: one that skipped this node's subtree does not hear
      // its leave, and hears the nodes after it again.
      for (let i = 0, j = 0; i < count; i++) {
        const handler = which[j] === i ? handlers[j++] : undefined;
        if (skipping[i] === null) {
          if (handler === undefined) continue;
          const edit = leaveOf(i, handler, node, key, parent, path, ancestors);
          if (edit !== undefined) return edit;
        } else if (skipping[i] === node) {
          skipping[i] = null;
          skippingSubtrees--;
        }
      }
      return undefined;
    },
  };
}

/**
 * `rules` as one validation rule that visits the document once for them all, with their errors in the same
 * order: `validate(schema, document, [rulesInOnePass(rules)])` gives what `validate(schema, document, rules)`
 * gives (a differential property holds the two together), in about half the time on the nested sample.
 */
export function rulesInOnePass(rules: readonly ValidationRule[]): ValidationRule {
  return (context) => visitorsInOnePass(rules.map((rule) => rule(context)));
}
