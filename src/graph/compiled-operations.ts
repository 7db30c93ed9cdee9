import {
  BREAK, type DocumentNode, execute, type ExecutionResult, getOperationAST, GraphQLIncludeDirective, type GraphQLSchema, GraphQLSkipDirective, OperationTypeNode, visit,
} from 'graphql';
import { compileQuery, type CompiledQuery, isCompiledQuery } from 'graphql-jit';
import { andThen, type Maybe } from '../http/handler.js';
import type { GraphParams } from './graph-params.js';
import type { GateTwo, GraphContext } from './schema.js';

/**
 * When a query of a cached document is compiled: `never` keeps graphql-js's `execute` for everything; a
 * number compiles it once it has run that many times on graphql-js. The default, 1, leaves a query sent once
 * (the cold path) to graphql-js, since compiling costs several executions, and compiles it the first time it
 * comes back (the warm path).
 */
export type CompileAfterRuns = number | 'never';

export const defaultCompileAfterRuns: CompileAfterRuns = 1;

type CompiledRun = CompiledQuery<Record<string, unknown>, Record<string, unknown>>['query'];

/**
 * What one operation of one document runs on. `settled`: graphql-js for good, decided once (a mutation, a
 * query with `@skip` or `@include`, or one graphql-jit would not compile).
 */
type Runner = { readonly kind: 'graphql-js'; runs: number; readonly settled: boolean } | { readonly kind: 'compiled'; readonly run: CompiledRun };

/**
 * Queries of admitted documents, compiled by graphql-jit once they come back, keyed by the document object
 * the document cache hands out (an evicted document's compiled forms go with it) and by operation name.
 * graphql-jit compiles with `new Function`, but only documents that parsed and validated against our own
 * schema, and it writes their names and arguments into the code as literals, never text a client wrote.
 *
 * The answers must be graphql-js's to the byte, and so must what the resolvers leave behind (counts, loader
 * batches, the last gate-2 decision, which the audit log records). graphql-jit gives exactly that when no
 * field fails (a differential property holds the two together). When one fails they part: graphql-js answers
 * as soon as a null has bubbled up to a nullable field, leaving the fields beside it to run on detached (their
 * resolvers, batches and decisions land after the answer), where graphql-jit waits for them all; and it words
 * a variable that does not coerce differently. So a compiled run is a trial, on loaders, counts and a gate-2
 * stand-in of its own, kept only when it answers without errors; otherwise graphql-js runs the operation on
 * the real context, as if the trial had not been: a query only reads. Mutations change the stores, so they
 * never run as a trial: always graphql-js.
 */
export class CompiledOperations {
  readonly #schema: GraphQLSchema;
  readonly #compileAfterRuns: CompileAfterRuns;
  readonly #runners = new WeakMap<DocumentNode, Map<string | undefined, Runner>>();
  #compiled = 0;

  constructor(schema: GraphQLSchema, compileAfterRuns: CompileAfterRuns = defaultCompileAfterRuns) {
    this.#schema = schema;
    this.#compileAfterRuns = compileAfterRuns;
  }

  /** Operations compiled so far: 0 after queries that came back would mean graphql-jit refused them all. */
  get compiled(): number {
    return this.#compiled;
  }

  run(document: DocumentNode, params: GraphParams, context: GraphContext): Maybe<ExecutionResult> {
    const runner = this.#runner(document, params.operationName);
    const onGraphqlJs = (): Maybe<ExecutionResult> =>
      execute({ schema: this.#schema, document, variableValues: params.variables, operationName: params.operationName, contextValue: context });
    if (runner.kind === 'graphql-js') {
      runner.runs++;
      return onGraphqlJs();
    }
    const trial: GraphContext = { ...context, guard: new TrialGuard(context.guard), loaders: context.loaders.apart(), resolved: 0, resolverCalls: 0 };
    return andThen(runner.run(undefined, trial, params.variables ?? {}), (result) => {
      if (result.errors !== undefined) return onGraphqlJs();
      if (trial.guard.decision !== undefined) context.guard.decision = trial.guard.decision;
      context.loaders.stats.batches += trial.loaders.stats.batches;
      context.resolved += trial.resolved;
      context.resolverCalls += trial.resolverCalls;
      return result;
    });
  }

  #runner(document: DocumentNode, operationName: string | undefined): Runner {
    let operations = this.#runners.get(document);
    if (operations === undefined) {
      operations = new Map();
      this.#runners.set(document, operations);
    }
    let runner = operations.get(operationName);
    if (runner === undefined) {
      runner = { kind: 'graphql-js', runs: 0, settled: this.#compileAfterRuns === 'never' };
      operations.set(operationName, runner);
    }
    if (runner.kind === 'graphql-js' && !runner.settled && runner.runs >= (this.#compileAfterRuns as number)) {
      // Decided here, once, so that a query sent once (the cold path) pays for none of it.
      const compiled = getOperationAST(document, operationName)?.operation === OperationTypeNode.QUERY && !hasConditions(document)
        ? compileQuery<Record<string, unknown>, Record<string, unknown>>(this.#schema, document, operationName, { disablingCapturingStackErrors: true })
        : undefined;
      runner = compiled !== undefined && isCompiledQuery(compiled) ? { kind: 'compiled', run: compiled.query } : { kind: 'graphql-js', runs: runner.runs, settled: true };
      if (runner.kind === 'compiled') this.#compiled++;
      operations.set(operationName, runner);
    }
    return runner;
  }
}

/**
 * Whether the document writes `@skip` or `@include` anywhere. graphql-jit 0.8.9 merges a skipped field's
 * selections into a field of the same key that runs (`author @skip(if: true) { ... { id } } author { x: id }`
 * answers `id` beside `x`), with or without its path-based option: a wrong answer, not a failure, so no trial
 * could catch it. Such documents stay on graphql-js (the differential property found it).
 */
function hasConditions(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (node.name.value === GraphQLSkipDirective.name || node.name.value === GraphQLIncludeDirective.name) found = true;
      return found ? BREAK : undefined;
    },
  });
  return found;
}

/**
 * Gate 2 for a trial: the caller's own decisions, asked of its guard, but the last one kept here, so that the
 * guard's (the one the audit log records) changes only if the trial's answer is kept.
 */
class TrialGuard implements GateTwo {
  decision: GateTwo['decision'];
  readonly #guard: GateTwo;

  constructor(guard: GateTwo) {
    this.#guard = guard;
  }

  get subject(): GateTwo['subject'] {
    return this.#guard.subject;
  }

  access(...args: Parameters<GateTwo['access']>): ReturnType<GateTwo['access']> {
    const before = this.#guard.decision;
    const access = this.#guard.access(...args);
    this.decision = this.#guard.decision;
    this.#guard.decision = before;
    return access;
  }
}
