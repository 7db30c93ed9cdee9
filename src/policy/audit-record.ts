import type { Subject } from '../auth/subject.js';
import type { AuditRecord } from './audit-log.js';
import type { Guard } from './guard.js';
import { describeObject, describeOperation } from './operation.js';

/** What a record is about: the operation, the object and its id, as a security reviewer reads them. */
export interface AuditTarget {
  readonly operation: string;
  readonly object: string;
  readonly objectId: number | null;
}

/**
 * Gate 2's last decision as the audit names it (`read orders`, `orders/124`), or, when gate 2 decided nothing
 * (gate 1 refused first, the rate limit did, the route had no decision to take), what the request named.
 */
export function auditTarget(guard: Guard | undefined, operation: string, object: string): AuditTarget {
  const d = guard?.decision;
  if (d === undefined) return { operation, object, objectId: null };
  return { operation: describeOperation(d.operation), object: describeObject(d.object), objectId: d.object.id ?? null };
}

/** The one way a record is built, for requests and socket operations alike. `subject` is null when gate 1 did not identify the caller. */
export function auditRecord(
  atUs: number,
  subject: Pick<Subject, 'userId' | 'username' | 'via'> | null,
  target: AuditTarget,
  decision: AuditRecord['decision'],
  reason: string,
  status: number,
): AuditRecord {
  return {
    atUs, userId: subject?.userId ?? null, username: subject?.username ?? null, via: subject?.via ?? null,
    operation: target.operation, object: target.object, objectId: target.objectId, decision, reason, status,
  };
}
