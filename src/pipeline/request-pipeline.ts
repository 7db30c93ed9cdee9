import type { Authenticator } from '../auth/authenticate.js';
import type { Login } from '../auth/login.js';
import type { Handler } from '../http/handler.js';
import type { HttpRequest } from '../http/message.js';
import type { IdempotencyStore } from '../idempotency/record-store.js';
import type { AuditLog } from '../policy/audit-log.js';
import type { Policy } from '../policy/policy.js';
import type { TokenBuckets } from '../rate-limit/token-bucket.js';
import { audited, requestWords } from './audit.js';
import { authenticate } from './authenticate.js';
import { headAsGet } from './head-as-get.js';
import { idempotency } from './idempotency.js';
import { privateByDefault } from './private-by-default.js';
import { rateLimit } from './rate-limit.js';
import { RequestContext } from './request-context.js';
import { signIn } from './sign-in.js';
import { type Next, pipeline } from './stage.js';

/** What the stages in front of every route are made of. */
export interface GateParts {
  readonly now: () => number;
  readonly login: Login;
  readonly authenticator: Authenticator;
  readonly policy: Policy;
  readonly buckets: TokenBuckets;
  readonly audit: AuditLog;
  readonly idempotency: IdempotencyStore;
  /** Whether a request must carry an `Idempotency-Key` (400 without). */
  readonly requiresKey: (req: HttpRequest) => boolean;
}

/**
 * Every request meets these stages in this order, and its response passes them again in reverse: HEAD is
 * answered as GET; the sign-in paths answer before the gates; the audit records what came back from all
 * that follows; gate 1 (401); `private` unless the resource says otherwise; the caller's rate limit (429);
 * `Idempotency-Key` on unsafe methods; then `route`, which asks gate 2 (403). Whatever stands in the route's
 * place (a resource table, a stand-in in a test, an app written with another framework) gets only
 * identified, admitted callers, and the audit sees its answers.
 */
export function requestPipeline(parts: GateParts, route: Next): Handler {
  const serve = pipeline(
    [
      headAsGet,
      signIn(parts.login, parts.now),
      audited(parts.audit, parts.now, requestWords),
      authenticate(parts.authenticator, parts.policy, parts.now),
      privateByDefault,
      rateLimit(parts.buckets, parts.now),
      idempotency(parts.idempotency, parts.requiresKey),
    ],
    route,
  );
  return (req) => serve(req, new RequestContext(req.path));
}
