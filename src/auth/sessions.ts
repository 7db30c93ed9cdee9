import { memoryTables, type Tables } from '../storage/tables.js';

export interface Session {
  readonly id: string;
  readonly userId: number;
  readonly createdUs: number;
  readonly expiresUs: number;
}

export type SessionLookup =
  | { readonly ok: true; readonly session: Session }
  | { readonly ok: false; readonly reason: 'unknown session' | 'session expired' | 'session revoked' };

/** 12 hours: a working day, after which the person logs in again. */
export const defaultSessionLifetimeUs = 12 * 3600 * 1_000_000;

/** Live sessions one account may hold: more devices than a person has; a login beyond ends the oldest. */
export const defaultMaxSessionsPerAccount = 100;

/** Revoked ids remembered to say "session revoked" rather than "unknown session"; older ones are let go. */
const maxRevokedRemembered = 10_000;

/**
 * Server-side sessions: every request looks its session up, which is what makes revocation immediate
 * (unlike a signed token, which is checked without a lookup). Revoked ids are remembered so the 401 can say
 * why; expired and revoked sessions are dropped from memory when next seen or swept.
 *
 * Bounded however often anyone logs in: an account holds at most `maxPerAccount` live sessions (a login
 * beyond revokes its oldest, which then answers 401 "session revoked"), its expired ones are dropped when it
 * next logs in, and only the newest 10,000 revoked ids are remembered.
 */
export class SessionStore {
  readonly #sessions: Map<string, Session>;
  /** Revoked ids (the value says nothing): a map, since that is what a table is. */
  readonly #revoked: Map<string, true>;
  readonly #newId: () => string;
  readonly #lifetimeUs: number;
  readonly maxPerAccount: number;
  /** Each account's session ids, oldest first; ids since revoked or expired linger until its next login. */
  readonly #byAccount = new Map<number, string[]>();

  constructor(newId: () => string, lifetimeUs = defaultSessionLifetimeUs, tables: Tables = memoryTables(), maxPerAccount = defaultMaxSessionsPerAccount) {
    if (!Number.isSafeInteger(maxPerAccount) || maxPerAccount < 1) throw new RangeError(`maxPerAccount must be a positive integer, not ${maxPerAccount}`);
    this.#newId = newId;
    this.#lifetimeUs = lifetimeUs;
    this.maxPerAccount = maxPerAccount;
    this.#sessions = tables.map('sessions');
    this.#revoked = tables.map('sessions.revoked');
    // Derived from the records, so sessions that come back from disk rebuild it.
    const byAge = [...this.#sessions.values()].sort((a, b) => a.createdUs - b.createdUs);
    for (const session of byAge) this.#idsOf(session.userId).push(session.id);
  }

  create(userId: number, nowUs: number): Session {
    const ids = this.#live(this.#idsOf(userId), nowUs);
    while (ids.length >= this.maxPerAccount) this.revoke(ids.shift()!);
    const session = { id: this.#newId(), userId, createdUs: nowUs, expiresUs: nowUs + this.#lifetimeUs };
    this.#sessions.set(session.id, session);
    ids.push(session.id);
    return session;
  }

  #idsOf(userId: number): string[] {
    let ids = this.#byAccount.get(userId);
    if (ids === undefined) {
      ids = [];
      this.#byAccount.set(userId, ids);
    }
    return ids;
  }

  /** The account's ids that are still sessions, in place; the expired ones are dropped from the store too. */
  #live(ids: string[], nowUs: number): string[] {
    let kept = 0;
    for (const id of ids) {
      const session = this.#sessions.get(id);
      if (session === undefined) continue;
      if (nowUs >= session.expiresUs) this.#sessions.delete(id);
      else ids[kept++] = id;
    }
    ids.length = kept;
    return ids;
  }

  lookup(id: string, nowUs: number): SessionLookup {
    const session = this.#sessions.get(id);
    if (session === undefined) return { ok: false, reason: this.#revoked.has(id) ? 'session revoked' : 'unknown session' };
    if (nowUs >= session.expiresUs) {
      this.#sessions.delete(id);
      return { ok: false, reason: 'session expired' };
    }
    return { ok: true, session };
  }

  revoke(id: string): boolean {
    const existed = this.#sessions.delete(id);
    if (existed) {
      this.#revoked.set(id, true);
      // A map iterates in insertion order: the first key is the longest revoked.
      if (this.#revoked.size > maxRevokedRemembered) this.#revoked.delete(this.#revoked.keys().next().value!);
    }
    return existed;
  }

  get size(): number {
    return this.#sessions.size;
  }
}
