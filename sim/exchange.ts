import type { HttpRequest, HttpResponse } from '../src/http/message.js';

// Its own file because the client that makes exchanges and everything that reads them (tallies, histories,
// results) need it, and none of those should import the client for a type.

/** One client operation and what became of it. */
export interface Exchange {
  readonly id: number;
  readonly client: string;
  /** As sent on every attempt: the policy may have added to what the caller gave (an idempotency key). */
  readonly request: HttpRequest;
  readonly startedUs: number;
  attempts: number;
  /** `unknown` when the client gave up without a response: the request may or may not have taken effect. */
  outcome: 'pending' | 'response' | 'unknown';
  response: HttpResponse | undefined;
  completedUs: number | undefined;
  /** From the first send to the receipt of the whole response, re-sends included. */
  latencyUs: number | undefined;
}
