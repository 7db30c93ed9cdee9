import { Buffer } from 'node:buffer';
import { fc } from '@fast-check/vitest';
import type { TestOrigin } from '../../src/testing-kit.js';

/**
 * Credentials for the fuzz properties, as recipes: a real token cannot be drawn ahead of the origin that
 * signs it, so the arbitrary says how to break one (flip a payload character, truncate it, swap its header
 * to `none` or RS256, make it huge) and `credentialHeaders` takes a fresh token from the origin and breaks it.
 */

const users = ['alice', 'bob', 'carol', 'sam'] as const;
type User = (typeof users)[number];

export type Tamper =
  | { readonly how: 'flip'; readonly at: number }
  | { readonly how: 'truncate'; readonly keep: number }
  | { readonly how: 'header'; readonly header: string }
  | { readonly how: 'huge'; readonly times: number }
  | { readonly how: 'scheme'; readonly scheme: string };

export type Credential =
  | { readonly kind: 'session' | 'token'; readonly user: User }
  | { readonly kind: 'none' }
  | { readonly kind: 'cookie'; readonly cookie: string }
  | { readonly kind: 'authorization'; readonly value: string }
  | { readonly kind: 'tampered-token'; readonly user: User; readonly tamper: Tamper }
  | { readonly kind: 'expired-token' | 'revoked-session'; readonly user: User }
  /** A live session beside a broken token: the token decides (docs/decisions/auth-and-pipeline.md), so this is refused. */
  | { readonly kind: 'session-and-broken-token'; readonly user: User; readonly value: string };

/** Whether gate 1 must let this credential through. */
export function identifies(c: Credential): boolean {
  return c.kind === 'session' || c.kind === 'token';
}

const user = fc.constantFrom(...users);

/** Never the form of a session id the test origin issues (`test-id-<n>`), so garbage can never hit a live one. */
const notASessionId = (text: string) => !text.includes('test-id-');

const tamper: fc.Arbitrary<Tamper> = fc.oneof(
  fc.record({ how: fc.constant('flip' as const), at: fc.nat() }),
  fc.record({ how: fc.constant('truncate' as const), keep: fc.nat() }),
  fc.record({
    how: fc.constant('header' as const),
    // Never the genuine `{"alg":"HS256","typ":"at+jwt"}`, which would make the token whole again.
    header: fc.constantFrom('{"alg":"none"}', '{"alg":"none","typ":"at+jwt"}', '{"alg":"RS256","typ":"at+jwt"}', '{"alg":"HS512","typ":"at+jwt"}',
      '{"alg":"hs256","typ":"at+jwt"}', '{"alg":"HS256","typ":"JWT"}', '{"alg":"HS256"}', '{"alg":"HS256","typ":"at+jwt","crit":["exp"]}', '{', '[]'),
  }),
  fc.record({ how: fc.constant('huge' as const), times: fc.integer({ min: 2, max: 2000 }) }),
  fc.record({ how: fc.constant('scheme' as const), scheme: fc.constantFrom('Token', 'Basic', 'JWT', 'Bearer,', 'Bearer:', 'BearerBearer', '', 'Bearer Bearer') }),
);

const garbageCookie = fc.oneof(
  fc.string({ maxLength: 40 }).map((s) => `sid=${s}`),
  fc.constantFrom('sid=', 'sid', ';;;', '=', 'sid="x"', 'sid=%', 'sid=%E0%A4%A', 'SID=test', 'sid=00000000-0000-4000-8000-000000000000', 'sid=\u0000', 'sid=\ud800'),
  fc.integer({ min: 1, max: 2000 }).map((n) => `${Array.from({ length: n }, (_, i) => `c${i}=${i}`).join('; ')}; sid=gone`),
  fc.integer({ min: 1, max: 200_000 }).map((n) => `sid=${'a'.repeat(n)}`),
  fc.string({ maxLength: 60 }),
).filter(notASessionId);

const garbageAuthorization = fc.oneof(
  fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b.c', 'Bearer ...', 'Basic YWxpY2U6YWxpY2UtcHc=', 'Bearer =', 'Bearer \u0000', 'Bearer \ud800'),
  fc.string({ maxLength: 40 }).map((s) => `Bearer ${s}`),
  fc.integer({ min: 8000, max: 100_000 }).map((n) => `Bearer ${'a'.repeat(n)}`),
  fc.string({ maxLength: 40 }),
);

export const credential: fc.Arbitrary<Credential> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constantFrom('session' as const, 'token' as const), user }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cookie' as const), cookie: garbageCookie }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('authorization' as const), value: garbageAuthorization }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tampered-token' as const), user, tamper }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('expired-token' as const, 'revoked-session' as const), user }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('session-and-broken-token' as const), user, value: garbageAuthorization }) },
);

/** Only credentials gate 1 must refuse, for the property that says it refuses them first. */
export const refusedCredential = credential.filter((c) => !identifies(c));

const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function tampered(token: string, t: Tamper): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  switch (t.how) {
    case 'flip': {
      // Any change to the encoded text breaks the signature, which covers the encoded header and payload.
      const i = t.at % payload.length;
      const swapped = base64url[(base64url.indexOf(payload[i]!) + 1) % base64url.length]!;
      return `Bearer ${header}.${payload.slice(0, i)}${swapped}${payload.slice(i + 1)}.${signature}`;
    }
    case 'truncate':
      return `Bearer ${token.slice(0, t.keep % token.length)}`;
    case 'header':
      return `Bearer ${Buffer.from(t.header).toString('base64url')}.${payload}.${t.header.includes('none') ? '' : signature}`;
    case 'huge':
      return `Bearer ${header}.${payload.repeat(t.times)}.${signature}`;
    case 'scheme':
      return `${t.scheme} ${token}`;
  }
}

/** The headers a credential recipe sends, issued by this origin at virtual time 0 as a login would. */
export async function credentialHeaders(t: TestOrigin, c: Credential): Promise<Record<string, string>> {
  const bearer = async (name: User) => t.token(name).then((h) => h.authorization!.slice('Bearer '.length));
  switch (c.kind) {
    case 'session': return t.session(c.user);
    case 'token': return t.token(c.user);
    case 'none': return {};
    case 'cookie': return { cookie: c.cookie };
    case 'authorization': return { authorization: c.value };
    case 'tampered-token': return { authorization: tampered(await bearer(c.user), c.tamper) };
    case 'expired-token': return t.token(c.user, { lifetimeUs: -1_000_000 });
    case 'revoked-session': {
      const headers = t.session(c.user);
      t.origin.login.revokeSession(headers.cookie!.slice('sid='.length));
      return headers;
    }
    case 'session-and-broken-token': return { ...t.session(c.user), authorization: c.value };
  }
}
