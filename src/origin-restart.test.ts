import { describe, expect, it } from 'vitest';
import { request } from './http/message.js';
import { createOrigin, defaultOriginSettings, type OriginSettings } from './origin.js';
import { testEnvironment } from './testing-kit.js';
import { createOriginStorage } from './origin-storage.js';

/** A restarted origin is a new process on the crashed one's storage: what was committed is there, memory is not. */

function restartable(settings: Partial<OriginSettings> = {}) {
  const env = testEnvironment();
  const all = { ...defaultOriginSettings, ...settings };
  const storage = createOriginStorage(env.now, env.newId, all);
  return { storage, start: () => createOrigin(env, all, storage) };
}

const json = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  request(method, path, body === undefined ? headers : { 'content-type': 'application/json', ...headers }, body === undefined ? undefined : JSON.stringify(body));

describe('restarting the origin on its storage', () => {
  it('keeps notes, sessions and idempotency records: a keyed re-send after the restart is replayed', async () => {
    const { start } = restartable();
    const first = start();
    const alice = { cookie: `sid=${first.login.openSession(first.accounts.byId(1)!, 0)}`, 'idempotency-key': 'k-1' };
    const created = await first.handle(json('POST', '/notes', alice, { content: 'survives' }));
    first.halt();

    const second = start();
    const again = await second.handle(json('POST', '/notes', alice, { content: 'survives' }));
    expect([created.status, again.status, again.headers['idempotent-replayed'], again.body]).toEqual([201, 201, 'true', created.body]);
    expect(second.state().notes).toEqual([{ id: 1, content: 'survives' }]);
  });

  it('forgets what was in memory: the rate-limit buckets start full again', async () => {
    const { start } = restartable({ rateLimit: { burst: 1, refillPerSecond: 0.001 } });
    const first = start();
    const bob = { cookie: `sid=${first.login.openSession(first.accounts.byId(2)!, 0)}` };
    expect((await first.handle(json('GET', '/notes/1', bob))).status).toBe(404);
    expect((await first.handle(json('GET', '/notes/1', bob))).status).toBe(429);
    first.halt();
    expect((await start().handle(json('GET', '/notes/1', bob))).status).toBe(404);
  });

  it('forgets the claims of the dead process, so an unfinished keyed request runs afresh', () => {
    const { storage, start } = restartable();
    storage.idempotency.claim('user:1', 'k-2', 'fingerprint');
    start();
    expect(storage.idempotency.get('user:1', 'k-2')).toBeUndefined();
  });

  it('stops a halted process\'s detector from hearing the audit log it shared', async () => {
    const { storage, start } = restartable({ detector: { ...defaultOriginSettings.detector, distinctIds: 2 } });
    const first = start();
    first.halt();
    const second = start();
    const bob = { cookie: `sid=${second.login.openSession(second.accounts.byId(2)!, 0)}` };
    const statuses: number[] = [];
    for (const id of [121, 122, 123]) statuses.push((await second.handle(json('GET', `/orders/${id}`, bob))).status);
    expect(first.alerts).toEqual([]);
    expect(second.alerts.length).toBeGreaterThan(0);
    // The log itself is storage: it has every refusal, whichever process wrote it.
    expect(storage.audit.counts().denied).toBe(statuses.filter((s) => s === 403).length);
  });
});
