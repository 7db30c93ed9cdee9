/**
 * Someone the suite sends requests as: the headers that identify them (a cookie or a bearer token) and, when
 * it could be learned, their user id as the target names it (to tell whose objects are whose).
 */
export interface Caller {
  /** `user` or `other-user`: the option that named it. */
  readonly role: 'user' | 'other-user';
  /** For humans: the user name, or the kind of credential. */
  readonly label: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly userId: string | undefined;
  /** The session cookie when the credential is one, so that a check can present a tampered copy. */
  readonly cookie: { readonly name: string; readonly value: string } | undefined;
}

/** How a finding names a caller: the option, the name and the user id, `--user (alice, user 1)`; no one when there is none. */
export const callerName = (caller: Caller | undefined): string => (caller === undefined ? 'no one' : `--${caller.role} (${caller.label}${caller.userId === undefined ? '' : `, user ${caller.userId}`})`);
