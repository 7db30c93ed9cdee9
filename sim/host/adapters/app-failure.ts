import type { HttpResponse } from '../../../src/http/message.js';
import { problem, problemResponse } from '../../../src/http/problem.js';

/** How an app failed to answer: each gets its own sentence in the 500, so a trace tells them apart. */
export type AppFailureKind = 'threw' | 'not-a-response' | 'body-failed' | 'response-destroyed';

const details: Readonly<Record<AppFailureKind, string>> = {
  threw: 'The app threw or rejected instead of answering.',
  'not-a-response': 'The app answered with something that is not an HTTP response.',
  'body-failed': 'The app started a response but its body failed before it ended.',
  'response-destroyed': 'The app closed the response before ending it.',
};

/**
 * The 500 the adapter answers for an app that did not (RFC 9457 problem details, as apisim's own errors).
 * A front server does the same for a crashed handler (Node's own `http` server, Deno.serve, Bun.serve):
 * the run goes on, the client sees a 500. The error itself is not in the body, as no front server puts it
 * there; it goes to the adapter's `onError`.
 */
export function appFailure(kind: AppFailureKind): HttpResponse {
  return problemResponse(problem(500, 'app-failed', 'Internal Server Error', details[kind]));
}
