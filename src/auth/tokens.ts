import { Buffer } from 'node:buffer';
import { errors, jwtVerify, SignJWT } from 'jose';
import { virtualDate, virtualEpochSeconds } from './virtual-date.js';

/** 15 minutes: short, because a signed token cannot be revoked before it expires. */
export const defaultTokenLifetimeUs = 15 * 60 * 1_000_000;

const issuer = 'apisim';
const audience = 'apisim';

/** A device cookie lives a month: long enough for a browser its owner uses now and then to stay known. */
export const deviceLifetimeUs = 30 * 24 * 3600 * 1_000_000;

/** A device cookie's JWT type: an access token is no device cookie, nor the other way round. */
const deviceType = 'device+jwt';

export interface TokenClaims {
  readonly userId: number;
  readonly username: string;
  readonly roles: readonly string[];
  readonly scopes: readonly string[];
  readonly jti: string;
}

export type TokenCheck =
  | { readonly ok: true; readonly claims: TokenClaims }
  | { readonly ok: false; readonly reason: string };

/**
 * Signed access tokens: a JWT (RFC 9068 profile: `typ: at+jwt`, `sub`, `scope`, `iss`, `aud`, `iat`, `exp`,
 * `jti`) signed with HS256 by jose. HS256 because the issuer and the verifier are the same service and its
 * signatures are deterministic, so a run's trace does not depend on signing randomness. Verification needs
 * no lookup, which is why a token stays valid until `exp` whatever happens to the account.
 */
export class TokenIssuer {
  readonly #key: Uint8Array;
  readonly #newId: () => string;
  readonly #lifetimeUs: number;

  constructor(key: Uint8Array, newId: () => string, lifetimeUs = defaultTokenLifetimeUs) {
    if (key.length < 32) throw new RangeError('an HS256 key needs at least 256 bits');
    this.#key = key;
    this.#newId = newId;
    this.#lifetimeUs = lifetimeUs;
  }

  get lifetimeUs(): number {
    return this.#lifetimeUs;
  }

  /** `lifetimeUs` may be overridden, e.g. negative to mint an already expired token for a scenario. */
  async issue(
    who: { readonly userId: number; readonly username: string; readonly roles: readonly string[] },
    scopes: readonly string[],
    nowUs: number,
    lifetimeUs = this.#lifetimeUs,
  ): Promise<string> {
    const issuedAt = virtualEpochSeconds(nowUs);
    return new SignJWT({ preferred_username: who.username, roles: [...who.roles], scope: scopes.join(' ') })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(String(who.userId))
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + Math.trunc(lifetimeUs / 1_000_000))
      .setJti(this.#newId())
      .sign(this.#key);
  }

  /**
   * A device cookie's value (OWASP's device cookies): that this browser once logged in as `username`, and a
   * `nonce` of its own (`jti`) that its failed logins are counted by. It grants nothing; a login still needs the password.
   */
  async issueDevice(username: string, nonce: string, nowUs: number): Promise<string> {
    const issuedAt = virtualEpochSeconds(nowUs);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: deviceType })
      .setSubject(username)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + deviceLifetimeUs / 1_000_000)
      .setJti(nonce)
      .sign(this.#key);
  }

  /** The device's nonce when `token` is a device cookie this service signed for `username` and it has not expired. */
  async verifyDevice(token: string, username: string, nowUs: number): Promise<string | undefined> {
    if (!isCanonicalCompactJws(token)) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'], issuer, audience, typ: deviceType, subject: username,
        requiredClaims: ['sub', 'exp', 'iat', 'jti'], currentDate: virtualDate(nowUs), clockTolerance: 0,
      });
      return payload.jti;
    } catch {
      return undefined;
    }
  }

  async verify(token: string, nowUs: number): Promise<TokenCheck> {
    if (!isCanonicalCompactJws(token)) return { ok: false, reason: 'token malformed' };
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'], // never `none`, never an algorithm the attacker picks
        issuer,
        audience,
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        currentDate: virtualDate(nowUs),
        clockTolerance: 0,
      });
      const userId = Number(payload.sub);
      const roles = payload.roles;
      const scope = payload.scope;
      const username = payload.preferred_username;
      if (!Number.isSafeInteger(userId) || userId <= 0 || !isStringArray(roles) || typeof scope !== 'string' || typeof username !== 'string') {
        return { ok: false, reason: 'token claims are malformed' };
      }
      return { ok: true, claims: { userId, username, roles, scopes: scope === '' ? [] : scope.split(' '), jti: payload.jti! } };
    } catch (error) {
      return { ok: false, reason: reasonFor(error) };
    }
  }
}

/**
 * One spelling per token: three segments of unpadded base64url (RFC 7515 §2, §7.1) that encode their bytes
 * back to themselves. Decoders, jose's included, also take padding and ignore a last character's unused bits,
 * so without this `<token>=` and a token with its last character changed in those bits would be accepted too,
 * and anything that tells tokens apart by their text (a deny list, a log search, a cache key) would be fooled.
 */
function isCanonicalCompactJws(token: string): boolean {
  const segments = token.split('.');
  return segments.length === 3 && segments.every((s) => /^[A-Za-z0-9_-]+$/.test(s) && Buffer.from(s, 'base64url').toString('base64url') === s);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** A short, stable reason for the 401 and the audit log; never the library's full message. */
function reasonFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'token expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'token signature invalid';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'token algorithm not allowed';
  if (error instanceof errors.JWTClaimValidationFailed) return `token claim invalid: ${error.claim}`;
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'token malformed';
  return 'token invalid';
}
