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
