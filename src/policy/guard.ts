import type { Subject } from '../auth/subject.js';
import type { ObjectRef, Operation } from './operation.js';
import type { Access, Policy } from './policy.js';

/**
 * What a resource handler gets once gate 1 has identified the caller: the subject, and gate 2 as a method.
 * Every decision a handler takes goes through `access`, and the last one is what the audit log records.
 */
export class Guard {
  readonly subject: Subject;
  readonly #policy: Policy;
  decision: { readonly object: ObjectRef; readonly operation: Operation; readonly allow: boolean; readonly reason: string } | undefined;

  constructor(subject: Subject, policy: Policy) {
    this.subject = subject;
    this.#policy = policy;
  }

  access(operation: Operation, object: ObjectRef): Access {
    const access = this.#policy.access(this.subject, operation);
    this.decision = { object, operation, allow: access.allow, reason: access.reason };
    return access;
  }

  /** A denial found after the lookup: the object exists, but not inside the subject's scope. */
  deny(operation: Operation, object: ObjectRef, reason: string): void {
    this.decision = { object, operation, allow: false, reason };
  }
}
