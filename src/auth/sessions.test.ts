import { describe, expect, it } from 'vitest';
import { defaultMaxSessionsPerAccount, SessionStore } from './sessions.js';

function store(maxPerAccount?: number, lifetimeUs = 1_000) {
  let n = 0;
  return new SessionStore(() => `s${n++}`, lifetimeUs, undefined, maxPerAccount);
}

describe('the session store', () => {
  it('lets an account hold 100 live sessions by default', () => {
    expect(defaultMaxSessionsPerAccount).toBe(100);
    expect(store().maxPerAccount).toBe(100);
  });

  it('ends an account\'s oldest session when a login would take it past its cap, and no one else\'s', () => {
    const sessions = store(3);
    const bob = sessions.create(2, 0);
    const alice = [0, 1, 2, 3, 4].map((t) => sessions.create(1, t));
    expect(alice.map((s) => sessions.lookup(s.id, 5).ok)).toEqual([false, false, true, true, true]);
    expect(sessions.lookup(alice[0]!.id, 5)).toEqual({ ok: false, reason: 'session revoked' });
    expect(sessions.lookup(bob.id, 5).ok).toBe(true);
    expect(sessions.size).toBe(4);
  });

  it('counts only live sessions: a logged-out or expired one leaves room', () => {
    const sessions = store(2, 10);
    const a = sessions.create(1, 0);
    const b = sessions.create(1, 5);
    sessions.revoke(a.id);
    const c = sessions.create(1, 6);
    expect([b, c].map((s) => sessions.lookup(s.id, 7).ok)).toEqual([true, true]);
    // b expires at 15: the login at 15 drops it instead of revoking c.
    const d = sessions.create(1, 15);
    expect([c, d].map((s) => sessions.lookup(s.id, 15).ok)).toEqual([true, true]);
    expect(sessions.lookup(b.id, 15)).toEqual({ ok: false, reason: 'unknown session' });
  });

  it('stays bounded however often one account logs in', () => {
    const sessions = store(10, 1_000_000);
    for (let t = 0; t < 50_000; t++) sessions.create(1, t);
    expect(sessions.size).toBe(10);
  });

  it('remembers only the newest 10,000 revoked ids', () => {
    const sessions = store(1, 1_000_000);
    const first = sessions.create(1, 0);
    for (let t = 1; t <= 10_001; t++) sessions.create(1, t);
    expect(sessions.lookup(first.id, 10_002)).toEqual({ ok: false, reason: 'unknown session' });
    expect(sessions.lookup('s2', 10_002)).toEqual({ ok: false, reason: 'session revoked' });
  });

  it('refuses a cap that is not a positive integer', () => {
    expect(() => store(0)).toThrow(/maxPerAccount must be a positive integer/);
  });
});
