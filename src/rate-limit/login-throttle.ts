import { type RateLimitSettings, TokenBuckets } from './token-bucket.js';

/** How many failed logins are let through before the rest wait (OWASP's authentication cheat sheet). */
export interface LoginThrottleSettings {
  /** Failed logins per username, known or not: guessing one account's password. */
  readonly perAccount: RateLimitSettings;
  /** Failed logins per client address: guessing across many accounts from one place. */
  readonly perAddress: RateLimitSettings;
}

/**
 * 10 failures in a row for one name, then one a minute; 100 from one address, then one a second. No
 * scenario, property or agreement script fails a login more than a few times, and a person who mistypes
 * has ten tries before waiting a minute.
 */
export const defaultLoginThrottle: LoginThrottleSettings = {
  perAccount: { burst: 10, refillPerSecond: 1 / 60 },
  perAddress: { burst: 100, refillPerSecond: 1 },
};

/** Names and addresses remembered at most: whoever floods new ones makes the refilled ones forgotten first. */
const maxRemembered = 10_000;

export type LoginAttempt =
  | { readonly ok: true; readonly succeeded: () => void }
  | { readonly ok: false; readonly retryAfterSeconds: number; readonly limit: 'account' | 'address' | 'device' };

/**
 * A token bucket of failures per account and one per address. Each attempt takes a token from both before
 * the password is checked and gets them back if it was right: concurrent attempts cannot all pass an empty
 * check and be counted only later, and a refused attempt costs no password check at all, which is what
 * keeps a flood from occupying the CPU. A right password is refused too while the account waits: otherwise
 * the 429 itself would say which guess was right.
 */
export class LoginThrottle {
  readonly #accounts: TokenBuckets;
  readonly #addresses: TokenBuckets;
  /** Failed logins per known device, by its cookie's nonce, with the per-account budget. */
  readonly #devices: TokenBuckets;

  constructor(settings: LoginThrottleSettings = defaultLoginThrottle) {
    this.#accounts = new TokenBuckets(settings.perAccount, maxRemembered);
    this.#addresses = new TokenBuckets(settings.perAddress, maxRemembered);
    this.#devices = new TokenBuckets(settings.perAccount, maxRemembered);
  }

  /**
   * `address` is undefined in the simulator and in-process, where there is no socket. `device` is the nonce
   * of a valid device cookie for `username` (OWASP's device cookies): such a login is counted by its device
   * alone, so a lockout of the name, which anyone can cause, does not lock out its owner's known browser, and
   * that browser's own failures lock that browser only. Only a right password once gave it the cookie.
   */
  attempt(username: string, address: string | undefined, nowUs: number, device?: string): LoginAttempt {
    if (device !== undefined) {
      const known = this.#devices.take(device, nowUs, 1);
      if (!known.ok) return { ok: false, retryAfterSeconds: known.retryAfterSeconds, limit: 'device' };
      return { ok: true, succeeded: () => this.#devices.refund(device, 1) };
    }
    const account = this.#accounts.take(username, nowUs, 1);
    if (!account.ok) return { ok: false, retryAfterSeconds: account.retryAfterSeconds, limit: 'account' };
    if (address !== undefined) {
      const place = this.#addresses.take(address, nowUs, 1);
      if (!place.ok) {
        this.#accounts.refund(username, 1);
        return { ok: false, retryAfterSeconds: place.retryAfterSeconds, limit: 'address' };
      }
    }
    return {
      ok: true,
      succeeded: () => {
        this.#accounts.refund(username, 1);
        if (address !== undefined) this.#addresses.refund(address, 1);
      },
    };
  }
}
