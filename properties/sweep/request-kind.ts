import { carriesIdempotencyKey } from '../../src/client/idempotency-key.js';
import type { HttpRequest } from '../../src/http/message.js';

/**
 * The kind of request a latency belongs to, for the distributions: the method and the path with each id
 * (a segment of digits) as `{id}` and no query, and `keyed` when it carries an Idempotency-Key, since a keyed
 * POST may be re-sent and a plain one not. `PUT /notes/{id}`, `POST /notes keyed`, `POST /graphql`.
 */
export function requestKind(request: HttpRequest): string {
  const path = request.path.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/{id}');
  return `${request.method} ${path}${carriesIdempotencyKey(request) ? ' keyed' : ''}`;
}
