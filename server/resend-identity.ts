import { createHash } from 'node:crypto';
import type { HttpRequest } from '../src/http/message.js';

/**
 * What makes two requests on a real socket "the same request" to the unstable line: the simulator knows an
 * exchange by its id, a socket only sees bytes. A re-send repeats the method, the target, the body, the
 * credentials (`Authorization`, `Cookie`) and the `Idempotency-Key`, and another request almost always
 * differs in one of them; other fields (`User-Agent`, `Accept`, ...) may change between tries and are left
 * out. Hashed, so the line holds no credentials.
 */
export function resendIdentity(req: HttpRequest): string {
  const parts = [req.method, req.path, req.headers.authorization ?? '', req.headers.cookie ?? '', req.headers['idempotency-key'] ?? '', req.body ?? ''];
  return createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('base64url');
}
