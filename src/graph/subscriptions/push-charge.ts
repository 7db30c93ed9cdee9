import type { GraphQLFormattedError } from 'graphql';
import type { Charge } from '../cost-budget.js';

type Refused = Extract<Charge, { ok: false }>;

/**
 * Why a subscription ends when its caller's budget cannot pay for a push: the HTTP refusal's code
 * (`THROTTLED`) and its wait, which over a socket has no `Retry-After` field to travel in, so it is in
 * `extensions.retryAfterSeconds` as the socket's `RATE_LIMITED` has it. The subscription ends rather than
 * skipping pushes (docs/decisions/subscriptions.md): a stream with silent holes looks complete to its client.
 */
export function pushRefusal(refused: Refused): GraphQLFormattedError[] {
  const { requestedQueryCost: cost, throttleStatus } = refused.report;
  const wait = refused.retryAfterSeconds;
  const message = wait === undefined
    ? refused.error.message
    : `Cost budget exceeded: each push of this subscription costs ${cost} points and ${throttleStatus.currentlyAvailable} are available, `
      + `restored at ${throttleStatus.restoreRate} a second; the subscription ends here. Subscribe again in ${wait} s.`;
  const extensions = { code: refused.error.extensions.code, ...(wait !== undefined && { retryAfterSeconds: wait }), cost: refused.report };
  return [{ message, extensions }];
}
