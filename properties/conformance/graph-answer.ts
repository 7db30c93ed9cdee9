import { type GraphBody, notRunAsWritten } from './graph-shape.js';
import { type WireExchange, jsonOf } from './wire.js';

/** A graph response as the checks read it. */
export interface GraphAnswer {
  readonly status: number;
  /** The body parsed, when it is a JSON object. */
  readonly body: GraphBody | undefined;
  readonly hasData: boolean;
  /** `extensions.code` of every error, or its message when it has none. */
  readonly reasons: readonly string[];
  /** Every error's `extensions.code` (when it has one) and message. */
  readonly errors: readonly { readonly code: string | undefined; readonly message: string }[];
  /** A number the target published in an error's extensions (`maxDepth`, `maxCost`), when any did. */
  readonly published: (name: string) => number | undefined;
}

export function readGraphAnswer(exchange: WireExchange): GraphAnswer {
  return graphAnswerOf(exchange.response.status, jsonOf(exchange.response));
}

/** A graph response read from its status and its body parsed as JSON (undefined when it is not JSON). */
export function graphAnswerOf(status: number, parsed: unknown): GraphAnswer {
  const body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as GraphBody) : undefined;
  const errors: NonNullable<GraphBody['errors']> = Array.isArray(body?.errors) ? (body.errors as NonNullable<GraphBody['errors']>) : [];
  return {
    status,
    body,
    hasData: body !== undefined && 'data' in body,
    reasons: errors.map((e) => e.extensions?.code ?? e.message),
    errors: errors.map((e) => ({ code: typeof e.extensions?.code === 'string' ? e.extensions.code : undefined, message: typeof e.message === 'string' ? e.message : '' })),
    published: (name) => {
      for (const e of errors) {
        const value = (e.extensions as Record<string, unknown> | undefined)?.[name];
        if (typeof value === 'number') return value;
      }
      return undefined;
    },
  };
}

/**
 * Why the answer is not a refusal before execution, or undefined when it is one. Over HTTP, "before
 * execution" shows as `errors` with no `data` member at all (GraphQL spec §7.1.2: "If an error was raised
 * before execution begins, the data entry should not be present"; GraphQL-over-HTTP: a request error has no
 * `data`). The status is not judged: the spec leaves it open (apisim: 400), and GraphQL-over-HTTP allows 200
 * for `application/json`. A 5xx is a failure, not a refusal.
 */
export function notRefused(answer: GraphAnswer): string | undefined {
  if (answer.status >= 500) return `a server error (${answer.status})`;
  if (answer.body === undefined) return 'a body that is not a JSON object';
  if (answer.hasData) return 'a `data` member: it was executed';
  if (answer.reasons.length === 0) return 'no `errors`';
  return undefined;
}

/** Objects in `data`: how much a query that ran resolved. */
export function objectCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + objectCount(item), 0);
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Object.values(value).reduce((n: number, item) => n + objectCount(item), 0);
}

/** Executed as written: 200 with `data` and no error but a field the caller may not see (see `notRunAsWritten`). */
export function executed(answer: GraphAnswer): boolean {
  return answer.body !== undefined && notRunAsWritten(answer.status, answer.body) === undefined;
}
