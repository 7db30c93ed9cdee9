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

/**
 * Server-side sessions: every request looks its session up, which is what makes revocation immediate
 * (unlike a signed token, which is checked without a lookup). Revoked ids are remembered so the 401 can say
 * why; expired and revoked sessions are dropped from memory when next seen or swept.
 */
export class SessionStore {
  readonly #sessions: Map<string, Session>;
  /** Revoked ids (the value says nothing): a map, since that is what a table is. */
  readonly #revoked: Map<string, true>;
  readonly #newId: () => string;
  readonly #lifetimeUs: number;

  constructor(newId: () => string, lifetimeUs = defaultSessionLifetimeUs, tables: Tables = memoryTables()) {
    this.#newId = newId;
    this.#lifetimeUs = lifetimeUs;
    this.#sessions = tables.map('sessions');
    this.#revoked = tables.map('sessions.revoked');
  }

  create(userId: number, nowUs: number): Session {
    const session = { id: this.#newId(), userId, createdUs: nowUs, expiresUs: nowUs + this.#lifetimeUs };
    this.#sessions.set(session.id, session);
    return session;
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
    if (existed) this.#revoked.set(id, true);
    return existed;
  }

  get size(): number {
    return this.#sessions.size;
  }
}
