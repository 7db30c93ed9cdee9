import { describe, expect, it } from 'vitest';
import { response } from '../http/message.js';
import { CallerQuota, type QueuedRecord, recordBytes } from './caller-quota.js';
import type { CompletedRecord } from './record.js';

/** A quota over a store that is a set of ids: it forgets what the quota returns, and what expires. */
function quotaOver(maxRecords: number, maxBytes = Number.MAX_SAFE_INTEGER) {
  const held = new Set<string>();
  const quota = new CallerQuota(maxRecords, maxBytes, (entry) => held.has(entry.id));
  let completions = 0;
  return {
    quota,
    held,
    /** Completes a record for `scope`; returns what the quota pushed out. */
    complete(scope: string, body = ''): { entry: QueuedRecord; forgotten: string[] } {
      const n = completions++;
      const record: CompletedRecord = {
        state: 'completed', scope, key: `k${n}`, fingerprint: 'f', response: response(201, {}, body), completedAtUs: n, expiresAtUs: n + 1_000,
      };
      const entry = { id: `${scope}/k${n}`, record };
      held.add(entry.id);
      const forgotten = quota.add(entry).map((oldest) => oldest.id);
      for (const id of forgotten) held.delete(id);
      return { entry, forgotten };
    },
    expire({ id, record }: QueuedRecord): void {
      held.delete(id);
      quota.remove(record);
    },
  };
}

describe('the per-caller quota', () => {
  it('forgets nothing while the caller is within both limits', () => {
    const q = quotaOver(3);
    expect([0, 1, 2].map(() => q.complete('alice').forgotten)).toEqual([[], [], []]);
    expect(q.quota.usage('alice')).toEqual({ records: 3, bytes: 3 * 512 });
  });

  it('holds a caller at exactly maxBytes, and forgets its oldest once past it', () => {
    const each = recordBytes(quotaOver(1).complete('x', 'body').entry.record);
    const q = quotaOver(100, 2 * each);
    q.complete('alice', 'body');
    expect(q.complete('alice', 'body').forgotten).toEqual([]);
    expect(q.quota.usage('alice')).toEqual({ records: 2, bytes: 2 * each });
    expect(q.complete('alice', 'body').forgotten).toEqual(['alice/k0']);
  });

  it('passes over a record that already expired when it forgets the oldest: that one was forgotten once', () => {
    const q = quotaOver(2);
    const first = q.complete('alice').entry;
    q.complete('alice');
    q.expire(first);
    expect(q.complete('alice').forgotten).toEqual([]);
    expect(q.complete('alice').forgotten).toEqual(['alice/k1']);
    expect(q.quota.usage('alice').records).toBe(2);
  });

  it('counts what expires against the caller until the last of its records is gone, and then forgets the caller', () => {
    const q = quotaOver(10);
    const entries = [q.complete('alice').entry, q.complete('alice').entry, q.complete('bob').entry];
    q.expire(entries[0]!);
    expect(q.quota.usage('alice')).toEqual({ records: 1, bytes: 512 });
    q.expire(entries[1]!);
    expect(q.quota.usage('alice')).toEqual({ records: 0, bytes: 0 });
    // Only bob's ledger is left, with its one entry.
    expect(q.quota.footprint).toBe(1);
  });

  it('rebuilds a ledger once it is more than twice what the caller holds plus 32, from what is still held', () => {
    // Past the quota every completion pushes one out: the ledger grows by one entry each time until it is rebuilt.
    const q = quotaOver(10);
    const footprints: number[] = [];
    for (let n = 1; n <= 60; n++) {
      q.complete('alice');
      footprints.push(q.quota.footprint);
    }
    // 52 entries for 10 held is the most it keeps; at 53 only the 10 held are left.
    expect(footprints.slice(50, 54)).toEqual([51, 52, 10, 11]);
  });

  it('drops what expired out of order when it rebuilds a ledger', () => {
    const q = quotaOver(100);
    const entries = Array.from({ length: 40 }, () => q.complete('alice').entry);
    // Every other one expires: 20 held, 40 entries, under 2 × 20 + 32.
    for (const entry of entries.filter((_, i) => i % 2 === 1)) q.expire(entry);
    expect(q.quota.footprint).toBe(40);
    // 3 held leave 40 entries over 2 × 3 + 32: rebuilt from the 3 still held.
    for (const entry of entries.filter((_, i) => i % 2 === 0).slice(0, 17)) q.expire(entry);
    expect(q.quota.usage('alice').records).toBe(3);
    expect(q.quota.footprint).toBe(3);
  });
});
