/** Who a request comes from, as gate 1 established it. */
export interface Subject {
  readonly userId: number;
  readonly username: string;
  readonly roles: readonly string[];
  /** What kinds of operation this credential allows (`read:orders`, ...). */
  readonly scopes: ReadonlySet<string>;
  readonly via: 'session' | 'token';
  /** The session id or the token's `jti`: what the audit log names as the credential. */
  readonly credentialId: string;
}

/**
 * The key of everything kept per caller: the rate limit's bucket, the graph's cost budget, the idempotency
 * records' key space. Per user, not per credential, so a caller cannot reset a limit or reach another
 * caller's stored responses by signing in again.
 */
export function callerKey(subject: Pick<Subject, 'userId'>): string {
  return `user:${subject.userId}`;
}
