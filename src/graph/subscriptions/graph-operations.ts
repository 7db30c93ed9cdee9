import {
  createSourceEventStream, type DocumentNode, execute, type ExecutionResult, type FormattedExecutionResult, getOperationAST,
  type GraphQLError, type GraphQLFormattedError, OperationTypeNode,
} from 'graphql';
import { andThen, type Maybe } from '../../http/handler.js';
import type { HttpResponse } from '../../http/message.js';
import type { Guard } from '../../policy/guard.js';
import { type GraphEndpoint, overSocket } from '../endpoint.js';
import { readGraphParams } from '../http/request-params.js';
import { graphSchema } from '../schema.js';
import type { OperationOutput, Operations, Stop } from './connection.js';
import type { Deliveries } from './deliveries.js';
import type { GraphEvent } from './graph-events.js';
import { closeCode, type SubscribePayload } from './protocol.js';
import { pushRefusal } from './push-charge.js';
import { TopicStream } from './topic-stream.js';

/** Whether the connection's caller may go on, asked afresh for every `subscribe` and every push. */
export type CallerCheck =
  | { readonly ok: true; readonly guard: Guard }
  /** Gate 1 no longer identifies the caller (session revoked or expired, token expired): the socket ends. */
  | { readonly ok: false; readonly closeReason: string }
  /** Refused for now (the rate limit): this operation gets an `error`, the socket goes on. */
  | { readonly ok: false; readonly errors: readonly GraphQLFormattedError[] };

/** What the origin decides around the graph, once per connection. */
export interface SocketCaller {
  /** Gate 1 and the rate limit, as for one HTTP request: asked for every `subscribe`. */
  admit(): Maybe<CallerCheck>;
  /** Gate 1 only, before each push: a credential revoked since the upgrade must not keep receiving. */
  current(): Maybe<CallerCheck>;
  /** The audit record of one `subscribe`: what gate 2 decided, under an HTTP-like status. */
  record(guard: Guard | undefined, status: number, reason: string): void;
}

const nothingToStop: Stop = () => undefined;

/** What each push of one subscription runs, and what it costs the subscriber. */
interface Push {
  readonly document: DocumentNode;
  readonly variables: Readonly<Record<string, unknown>> | undefined;
  readonly operationName: string | undefined;
  /** The estimate its `subscribe` was admitted at. */
  readonly cost: number;
}

/**
 * Runs what one `subscribe` carries, through the same doors as `POST /graphql`: the payload is read by the
 * GraphQL-over-HTTP rules (persisted queries included), the caller passes gate 1 and the rate limit again,
 * and `GraphEndpoint.admit` checks the document before any resolver runs. Then, per graphql-ws:
 *
 * - a query or a mutation runs once: one `next`, then `complete`;
 * - a subscription starts (its `subscribe` resolver decides gate 2) and each event the hub publishes runs the
 *   subscriber's selection with the event as root value, as graphql-js's `subscribe()` does, with two
 *   differences: a fresh context per event (graphql-js keeps one for the subscription's life, and with it the
 *   DataLoader caches, so a push could show an author's name older than the event), and a moment the caller
 *   controls: the work begins inside `publish` and its `next` waits its turn in `deliveries`, never in an
 *   async iterator's detached microtasks;
 * - each push costs the subscriber the estimate its `subscribe` was admitted at, as a new query of that
 *   selection would; a budget that cannot pay ends the subscription with `error` (`THROTTLED`);
 * - the source stream ending (its post deleted) ends the subscription with `complete`;
 * - anything refused gets `error` with the GraphQL errors and no operation.
 */
export class GraphOperations implements Operations {
  readonly #endpoint: GraphEndpoint;
  readonly #deliveries: Deliveries;
  readonly #caller: SocketCaller;

  constructor(endpoint: GraphEndpoint, deliveries: Deliveries, caller: SocketCaller) {
    this.#endpoint = endpoint;
    this.#deliveries = deliveries;
    this.#caller = caller;
  }

  start(_id: string, payload: SubscribePayload, out: OperationOutput): Maybe<Stop> {
    return andThen(this.#caller.admit(), (caller) => this.#read(payload, caller, out));
  }

  /** Gate 1 and the rate limit came first, as they do for a request; then the payload, read as a POST body is. */
  #read(payload: SubscribePayload, caller: CallerCheck, out: OperationOutput): Maybe<Stop> {
    if (!caller.ok) {
      if ('closeReason' in caller) out.closeConnection(closeCode.unauthorized, `Unauthorized: ${caller.closeReason}`);
      else out.error(caller.errors);
      return nothingToStop;
    }
    const guard = caller.guard;
    const read = readGraphParams({ ...payload }, 'subscribe payload member');
    if (!read.ok) return this.#refuse(guard, out, 400, [read.error]);
    const params = read.params;
    // The deployment's persisted-query mode holds here too: with `registered-only`, a socket runs no free text.
    const resolved = this.#endpoint.persisted.resolve(params, this.#endpoint.persistedMode);
    if (!resolved.ok) return this.#refuse(guard, out, resolved.response.status, errorsOf(resolved.response));
    return this.#run(resolved.query, params.variables, params.operationName, guard, out);
  }

  #refuse(guard: Guard, out: OperationOutput, status: number, errors: readonly GraphQLFormattedError[]): Stop {
    this.#caller.record(guard, status, errors[0]?.message ?? 'refused before execution');
    out.error(errors);
    return nothingToStop;
  }

  #run(query: string, variables: Readonly<Record<string, unknown>> | undefined, operationName: string | undefined, guard: Guard, out: OperationOutput): Maybe<Stop> {
    const admission = this.#endpoint.admit(query, variables, operationName, guard, overSocket);
    if (!admission.ok) return this.#refuse(guard, out, admission.status, formatted(admission.errors));
    const { document } = admission;
    const kind = getOperationAST(document, operationName)?.operation;
    const args = { schema: graphSchema, document, variableValues: variables, operationName };
    if (kind !== OperationTypeNode.SUBSCRIPTION) {
      this.#queue(out, async () => {
        const result = await this.#endpoint.execute(guard, (contextValue) => execute({ ...args, contextValue }));
        this.#recordResult(guard, result);
        return () => {
          // Variables that do not coerce stop it before any resolver: nothing was executed, so `error`.
          if (result.data === undefined) out.error(formatted(result.errors ?? []));
          else {
            out.next(formatResult(result, admission.extensions));
            out.complete();
          }
        };
      });
      return nothingToStop;
    }
    const started = this.#endpoint.execute(guard, (contextValue) => createSourceEventStream({ ...args, contextValue }));
    const push: Push = { document, variables, operationName, cost: admission.cost };
    return andThen(started, (source) => {
      if (source instanceof TopicStream) {
        this.#caller.record(guard, 200, guard.decision?.reason ?? 'subscribed');
        return (source as TopicStream<GraphEvent>).listen((event) => this.#push(event, push, out), () => this.#ended(out));
      }
      // The subscribe resolver threw (gate 2, no such post) or the variables did not coerce.
      if ('errors' in source) {
        this.#recordResult(guard, source);
        out.error(formatted(source.errors ?? []));
      } else out.closeConnection(closeCode.internalServerError, 'A subscription field returned a stream the hub does not drive');
      return nothingToStop;
    });
  }

  /**
   * One event for one subscriber: gate 1 again, then its cost charged to the subscriber's budget, then the
   * selection with this event as its root value. A budget that cannot pay ends the subscription with `error`.
   */
  #push(event: GraphEvent, push: Push, out: OperationOutput): void {
    this.#queue(out, async () => {
      const caller = await this.#caller.current();
      if (!caller.ok) {
        const why = 'closeReason' in caller ? caller.closeReason : 'refused';
        return () => out.closeConnection(closeCode.unauthorized, `Unauthorized: ${why}`);
      }
      const charge = this.#endpoint.charge(caller.guard, push.cost);
      if (!charge.ok) {
        this.#caller.record(caller.guard, charge.status, 'push refused: cost budget exhausted');
        return () => out.error(pushRefusal(charge));
      }
      const { document, variables, operationName } = push;
      const result = await this.#endpoint.execute(caller.guard, (contextValue) =>
        execute({ schema: graphSchema, document, rootValue: event, contextValue, variableValues: variables, operationName }));
      return () => out.next(formatResult(result, undefined));
    });
  }

  /**
   * The source stream is over (the post was deleted): `complete`, as graphql-ws ends an operation whose
   * stream returned, after the pushes already in line.
   */
  #ended(out: OperationOutput): void {
    this.#queue(out, () => Promise.resolve(() => out.complete()));
  }

  #queue(out: OperationOutput, work: () => Promise<() => void>): void {
    this.#deliveries.add(work, () => out.closeConnection(closeCode.internalServerError, 'Internal server error'));
  }

  /** FORBIDDEN anywhere in the result is a denial for the audit; anything else executed is allowed. */
  #recordResult(guard: Guard, result: { readonly errors?: readonly GraphQLError[] | undefined }): void {
    const forbidden = result.errors?.find((e) => e.extensions.code === 'FORBIDDEN');
    if (forbidden !== undefined) this.#caller.record(guard, 403, forbidden.message);
    else this.#caller.record(guard, 200, guard.decision?.reason ?? 'executed');
  }
}

function formatted(errors: readonly GraphQLError[]): GraphQLFormattedError[] {
  return errors.map((e) => e.toJSON());
}

/** The GraphQL response format, as `POST /graphql` writes it: `errors` only when there are some. */
function formatResult(result: ExecutionResult, extensions: object | undefined): FormattedExecutionResult {
  const out: { errors?: GraphQLFormattedError[]; data?: ExecutionResult['data']; extensions?: Record<string, unknown> } = {};
  if (result.errors !== undefined && result.errors.length > 0) out.errors = formatted(result.errors);
  if (result.data !== undefined) out.data = result.data;
  if (extensions !== undefined) out.extensions = { ...extensions };
  return out;
}

/** A persisted-query refusal is written as an HTTP response; over the socket only its `errors` travel. */
function errorsOf(response: HttpResponse): GraphQLFormattedError[] {
  const body = JSON.parse(response.body ?? '{}') as { errors?: GraphQLFormattedError[] };
  return body.errors ?? [];
}
