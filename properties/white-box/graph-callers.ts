import { fc } from '@fast-check/vitest';

/**
 * Who sends a graph request: a demo account with its session, or with a token, possibly narrowed to fewer
 * scopes. With `read:users` or `read:posts` missing, some fields are null with a FORBIDDEN error at their
 * path, which every graph property must take in its stride.
 */
export interface Caller {
  readonly username: 'alice' | 'bob' | 'carol' | 'sam';
  /** `undefined`: a session. `null`: a token with every scope of the role. A list: a token narrowed to it. */
  readonly tokenScopes: readonly string[] | null | undefined;
}

export const demoUserIds: Readonly<Record<Caller['username'], number>> = { alice: 1, bob: 2, carol: 3, sam: 4 };
export const demoRoles: Readonly<Record<Caller['username'], string>> = { alice: 'customer', bob: 'customer', carol: 'customer', sam: 'support' };

export const callers: fc.Arbitrary<Caller> = fc.record({
  username: fc.constantFrom('alice' as const, 'bob' as const, 'carol' as const, 'sam' as const),
  tokenScopes: fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    // Each of these is in every role, so narrowing never asks for more than the account has.
    { weight: 1, arbitrary: fc.subarray(['read:users', 'read:posts', 'read:notes']) },
  ),
});

export function describeCaller(caller: Caller): string {
  if (caller.tokenScopes === undefined) return `${caller.username} (session)`;
  if (caller.tokenScopes === null) return `${caller.username} (token)`;
  return `${caller.username} (token with [${caller.tokenScopes.join(' ')}])`;
}

/** The same caller gets the same credential within one run: a cache keys its variants on it. */
export function callerKey(caller: Caller): string {
  return describeCaller(caller);
}
