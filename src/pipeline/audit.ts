import { andThen } from '../http/handler.js';
import type { HttpRequest, HttpResponse } from '../http/message.js';
import type { AuditLog } from '../policy/audit-log.js';
import { auditRecord, auditTarget } from '../policy/audit-record.js';
import type { RequestContext } from './request-context.js';
import type { Next } from './stage.js';

/** How a door names what it did when gate 2 took no decision: the operation, and the reason for this answer. */
export type UndecidedWords = (req: HttpRequest, res: HttpResponse) => { readonly operation: string; readonly reason: string };

/** An HTTP request: its method, and the status, since no resource decided. */
export const requestWords: UndecidedWords = (req, res) => ({ operation: req.method, reason: `no resource decision (${res.status})` });

/**
 * Records every request once its answer is known: who (or nobody, after a 401), what gate 2 decided about,
 * allowed or denied, why, and the status. It stands first among the gated stages so that it sees the answers
 * of all of them, the 401 and the 429 included.
 */
export function audited(audit: AuditLog, now: () => number, undecided: UndecidedWords) {
  return <C extends RequestContext>(next: Next<C>): Next<C> => (req, ctx) => andThen(next(req, ctx), (res) => {
    const guard = ctx.caller?.guard;
    const decided = guard?.decision;
    const words = decided === undefined ? undecided(req, res) : { operation: '', reason: decided.reason };
    const allowed = decided?.allow ?? res.status < 400;
    const target = auditTarget(guard, words.operation, ctx.pathname);
    audit.record(auditRecord(now(), ctx.caller?.subject ?? null, target, allowed ? 'allow' : 'deny', ctx.answeredBy ?? words.reason, res.status));
    return res;
  });
}
