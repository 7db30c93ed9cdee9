import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../http/message.js';
import type { Durability, TableKey, Tables } from '../storage/tables.js';
import { defaultRetentionUs, IdempotencyStore } from './record-store.js';
import type { InFlightRecord } from './record.js';

/** A virtual clock the test moves by hand. */
function clock(startUs = 0) {
  let nowUs = startUs;
  return { now: () => nowUs, advance: (us: number) => (nowUs += us), set: (us: number) => (nowUs = us) };
}

const created = jsonResponse(201, { id: 1 });

/**
 * Tables whose maps outlive the store that opened them, as a restart over the same data folder; `opened`
 * says which maps were asked for, and how durable.
 */
function memoryTablesKept(): Tables & { readonly opened: string[] } {
  const maps = new Map<string, Map<TableKey, unknown>>();
  const opened: string[] = [];
  return {
    fresh: true,
    opened,
    map: <K extends TableKey, V>(name: string, durability?: Durability) => {
      opened.push(`${name} ${durability ?? 'with-answer'}`);
      if (!maps.has(name)) maps.set(name, new Map());
      return maps.get(name) as Map<K, V>;
    },
    counter: (_name, start) => ({ value: start }),
  };
}

function claimed(store: IdempotencyStore, scope: string, key: string, fingerprint = 'f'): InFlightRecord {
  const claim = store.claim(scope, key, fingerprint);
  if (claim.outcome !== 'claimed') throw new Error(`expected a fresh claim, got ${claim.outcome}`);
  return claim.record;
}

describe('the idempotency record store', () => {
  it('keeps completed records 24 hours by default', () => {
    expect(defaultRetentionUs).toBe(86_400_000_000);
    expect(new IdempotencyStore(() => 0).retentionUs).toBe(defaultRetentionUs);
  });

  it('moves a key from nothing to in flight to completed, and hands back what is there', () => {
    const t = clock(1_000);
    const store = new IdempotencyStore(t.now);
    const ticket = claimed(store, 'alice', 'k', 'fp1');
    expect(ticket).toEqual({ state: 'in-flight', scope: 'alice', key: 'k', fingerprint: 'fp1', startedAtUs: 1_000 });
    expect(store.claim('alice', 'k', 'fp2')).toEqual({ outcome: 'in-flight', record: ticket });

    t.advance(15_000);
    const done = store.complete(ticket, created);
    expect(done).toMatchObject({ state: 'completed', fingerprint: 'fp1', response: created, completedAtUs: 16_000, expiresAtUs: 16_000 + defaultRetentionUs });
    expect(store.claim('alice', 'k', 'fp1')).toEqual({ outcome: 'completed', record: done });
    expect(store.get('alice', 'k')).toBe(done);
  });

  it('scopes keys by caller: the same key from two callers is two records', () => {
    const store = new IdempotencyStore(() => 0);
    claimed(store, 'alice', 'k');
    expect(store.claim('bob', 'k', 'f').outcome).toBe('claimed');
    expect(store.size).toBe(2);
  });

  it('cannot confuse scope and key boundaries', () => {
    const store = new IdempotencyStore(() => 0);
    claimed(store, 'ab', 'c');
    expect(store.claim('a', 'bc', 'f').outcome).toBe('claimed');
    expect(store.claim('', 'abc', 'f').outcome).toBe('claimed');
    expect(store.size).toBe(3);
  });

  it('forgets an abandoned claim, so the next claim starts afresh', () => {
    const store = new IdempotencyStore(() => 0);
    store.abandon(claimed(store, 'alice', 'k'));
    expect(store.get('alice', 'k')).toBeUndefined();
    expect(store.claim('alice', 'k', 'f').outcome).toBe('claimed');
  });

  it('honours a ticket only while it is the record in the store', () => {
    const store = new IdempotencyStore(() => 0);
    const ticket = claimed(store, 'alice', 'k');
    store.complete(ticket, created);
    // The message names the record, so the caller's bug can be found.
    expect(() => store.complete(ticket, created)).toThrow('idempotency record ["alice","k"] is not in flight under this ticket');
    expect(() => store.abandon(ticket)).toThrow('idempotency record ["alice","k"] is not in flight under this ticket');
    expect(store.get('alice', 'k')?.state).toBe('completed');
  });

  it('keeps a record for retentionUs after completion: the last microsecond replays, the next is new', () => {
    const t = clock(500);
    const store = new IdempotencyStore(t.now, { retentionUs: 1_000 });
    t.advance(100); // completion, not the claim, starts the retention
    const done = store.complete(claimed(store, 'alice', 'k'), created);
    expect(done.expiresAtUs).toBe(1_600);
    t.set(1_599);
    expect(store.claim('alice', 'k', 'f').outcome).toBe('completed');
    t.set(1_600);
    expect(store.get('alice', 'k')).toBeUndefined(); // forgotten lazily, on access
    expect(store.size).toBe(0);
    expect(store.claim('alice', 'k', 'f').outcome).toBe('claimed');
  });

  it('never expires an in-flight record: its handler has not answered yet', () => {
    const t = clock();
    const store = new IdempotencyStore(t.now, { retentionUs: 10 });
    claimed(store, 'alice', 'k');
    t.advance(1_000_000);
    expect(store.sweep()).toBe(0);
    expect(store.claim('alice', 'k', 'f').outcome).toBe('in-flight');
  });

  it('sweeps expired records in bounded steps without touching live ones', () => {
    const t = clock();
    const store = new IdempotencyStore(t.now, { retentionUs: 100, sweepLimit: 4 });
    for (let i = 0; i < 10; i++) store.complete(claimed(store, 's', `old${i}`), created);
    t.advance(50);
    store.complete(claimed(store, 's', 'young'), created);
    t.advance(60); // the ten old ones are expired, the young one is not
    expect(store.size).toBe(11);
    expect([store.sweep(), store.sweep(), store.sweep(), store.sweep()]).toEqual([4, 4, 2, 0]);
    expect(store.size).toBe(1);
    expect(store.get('s', 'young')?.state).toBe('completed');
  });

  it('skips queue entries whose record was forgotten lazily or replaced, and still counts them as work', () => {
    const t = clock();
    const store = new IdempotencyStore(t.now, { retentionUs: 100, sweepLimit: 1 });
    store.complete(claimed(store, 's', 'a'), created);
    store.complete(claimed(store, 's', 'b'), created);
    t.advance(100);
    expect(store.get('s', 'b')).toBeUndefined(); // forgotten lazily; its queue entry is stale now
    const renewed = store.complete(claimed(store, 's', 'b'), created); // that claim's sweep only reached a's entry
    expect(store.expiryQueueLength).toBe(2); // b's stale entry, then the renewed b
    expect(store.sweep()).toBe(0); // the stale entry is passed over: it must not take the renewed record with it
    expect(store.expiryQueueLength).toBe(1);
    expect(store.get('s', 'b')).toBe(renewed);
  });

  it('stays bounded over a long run: records and queue track what the retention window holds', () => {
    const t = clock();
    const retentionUs = 1_000;
    const gapUs = 10; // one completion every 10 µs: 100 live at a time
    const store = new IdempotencyStore(t.now, { retentionUs, sweepLimit: 2 });
    let maxSize = 0;
    let maxQueue = 0;
    let maxFootprint = 0;
    for (let i = 0; i < 100_000; i++) {
      t.advance(gapUs);
      store.complete(claimed(store, `caller${i % 7}`, `key${i}`), created);
      maxSize = Math.max(maxSize, store.size);
      maxQueue = Math.max(maxQueue, store.expiryQueueLength);
      maxFootprint = Math.max(maxFootprint, store.expiryQueueFootprint);
    }
    const window = retentionUs / gapUs;
    expect(maxSize).toBeLessThanOrEqual(window + 2);
    expect(maxQueue).toBeLessThanOrEqual(window + 2);
    // The swept front is dropped once it reaches 1024 entries, so the array itself stays bounded as well.
    expect(maxFootprint).toBeLessThanOrEqual(1024 + window + 2);
    expect(store.size).toBeGreaterThanOrEqual(window - 1); // and live records were not swept early
  });

  it('drains a backlog left by a quiet period within a bounded number of requests', () => {
    const t = clock();
    const store = new IdempotencyStore(t.now, { retentionUs: 100, sweepLimit: 16 });
    for (let i = 0; i < 1_000; i++) store.complete(claimed(store, 's', `burst${i}`), created);
    t.advance(1_000_000); // all expired, nobody asked
    for (let i = 0; i < 100; i++) {
      t.advance(1);
      store.complete(claimed(store, 's', `later${i}`), created);
    }
    expect(store.size).toBe(100); // 100 claims × 16 entries swept the 1,000 expired ones
    expect(store.get('s', 'later0')?.state).toBe('completed');
  });

  describe('drops the swept front of its queue once it is 1024 entries and half the array', () => {
    /** `count` records completed at 0 and expired at 100, then one sweep of `sweepLimit` entries. */
    function sweptOnce(count: number, sweepLimit: number) {
      const t = clock();
      const store = new IdempotencyStore(t.now, { retentionUs: 100, sweepLimit });
      for (let i = 0; i < count; i++) store.complete(claimed(store, 's', `k${i}`), created);
      t.set(100);
      const forgotten = store.sweep();
      return { forgotten, held: store.expiryQueueLength, footprint: store.expiryQueueFootprint };
    }

    it('keeps a swept front shorter than 1024 entries: copying a small queue is not worth it', () => {
      expect(sweptOnce(2, 1)).toEqual({ forgotten: 1, held: 1, footprint: 2 });
      expect(sweptOnce(2048, 1023)).toEqual({ forgotten: 1023, held: 1025, footprint: 2048 });
    });

    it('drops a front of 1024 entries that is half the array, keeping only what is still held', () => {
      expect(sweptOnce(2048, 1024)).toEqual({ forgotten: 1024, held: 1024, footprint: 1024 });
    });

    it('keeps a front of 1024 entries that is less than half the array: the copy would be longer than what it frees', () => {
      expect(sweptOnce(2049, 1024)).toEqual({ forgotten: 1024, held: 1025, footprint: 2049 });
    });
  });

  describe('a quota per caller', () => {
    const big = jsonResponse(201, { text: 'x'.repeat(10_000) });

    it('forgets a caller\'s oldest records past maxRecordsPerCaller, and nobody else\'s', () => {
      const t = clock();
      const store = new IdempotencyStore(t.now, { maxRecordsPerCaller: 3 });
      store.complete(claimed(store, 'bob', 'b0'), created);
      for (let i = 0; i < 5; i++) {
        t.advance(1);
        store.complete(claimed(store, 'alice', `k${i}`), created);
      }
      expect(['k0', 'k1', 'k2', 'k3', 'k4'].map((k) => store.get('alice', k)?.state)).toEqual([undefined, undefined, 'completed', 'completed', 'completed']);
      expect(store.get('bob', 'b0')?.state).toBe('completed');
      expect(store.usage('alice').records).toBe(3);
      // The forgotten key runs afresh: the published window is the newest 3, not 24 hours.
      expect(store.claim('alice', 'k0', 'f').outcome).toBe('claimed');
    });

    it('forgets the oldest past maxBytesPerCaller, counting each body and a fixed overhead', () => {
      const store = new IdempotencyStore(() => 0, { maxBytesPerCaller: 25_000 });
      for (let i = 0; i < 4; i++) store.complete(claimed(store, 'alice', `k${i}`), big);
      expect(store.usage('alice')).toEqual({ records: 2, bytes: 2 * (big.bodyBytes + 512) });
      expect(store.get('alice', 'k1')).toBeUndefined();
      expect(store.get('alice', 'k3')?.state).toBe('completed');
    });

    it('keeps the newest record even when it alone is over the byte budget: its request was just answered', () => {
      const store = new IdempotencyStore(() => 0, { maxBytesPerCaller: 1_000 });
      store.complete(claimed(store, 'alice', 'a'), big);
      store.complete(claimed(store, 'alice', 'b'), big);
      expect(store.get('alice', 'a')).toBeUndefined();
      expect(store.get('alice', 'b')?.state).toBe('completed');
    });

    it('does not count in-flight claims: they are bounded by the requests being handled', () => {
      const store = new IdempotencyStore(() => 0, { maxRecordsPerCaller: 1 });
      const tickets = [claimed(store, 'alice', 'a'), claimed(store, 'alice', 'b')];
      expect(store.size).toBe(2);
      for (const ticket of tickets) store.complete(ticket, created);
      expect(store.get('alice', 'a')).toBeUndefined();
      expect(store.get('alice', 'b')?.state).toBe('completed');
    });

    it('stops counting a record that expired, so expiry and the quota do not forget one record twice', () => {
      const t = clock();
      const store = new IdempotencyStore(t.now, { retentionUs: 10, maxRecordsPerCaller: 2 });
      store.complete(claimed(store, 'alice', 'a'), created);
      t.set(10);
      expect(store.get('alice', 'a')).toBeUndefined();
      expect(store.usage('alice').records).toBe(0);
      store.complete(claimed(store, 'alice', 'b'), created);
      store.complete(claimed(store, 'alice', 'c'), created);
      expect([store.get('alice', 'b')?.state, store.get('alice', 'c')?.state]).toEqual(['completed', 'completed']);
    });

    it('stays bounded however many keys one caller sends: records, expiry queue and ledgers', () => {
      const t = clock();
      const store = new IdempotencyStore(t.now, { maxRecordsPerCaller: 100 });
      for (let i = 0; i < 20_000; i++) {
        t.advance(1);
        store.complete(claimed(store, 'alice', `k${i}`), created);
      }
      expect(store.size).toBe(100);
      expect(store.expiryQueueFootprint).toBeLessThanOrEqual(2 * 100 + 1024 + 1);
      expect(store.quotaFootprint).toBeLessThanOrEqual(2 * 100 + 32 + 1);
    });

    it('rebuilds its expiry queue once it is more than twice what the store holds plus 1,024, from what is still held', () => {
      const t = clock();
      const store = new IdempotencyStore(t.now, { maxRecordsPerCaller: 100 });
      const footprints: number[] = [];
      for (let i = 1; i <= 1_226; i++) {
        t.advance(1);
        store.complete(claimed(store, 'alice', `k${i}`), created);
        footprints.push(store.expiryQueueFootprint);
      }
      // Each completion past the quota leaves one forgotten entry behind: 1,224 for 100 held is the most it keeps.
      expect(footprints.slice(1_222)).toEqual([1_223, 1_224, 100, 101]);
    });

    it('rebuilds from the tables within the quota, oldest forgotten first', () => {
      const t = clock();
      const tables = memoryTablesKept();
      const first = new IdempotencyStore(t.now, {}, tables);
      for (let i = 0; i < 4; i++) {
        t.advance(1);
        first.complete(claimed(first, 'alice', `k${i}`), created);
      }
      const second = new IdempotencyStore(t.now, { maxRecordsPerCaller: 2 }, tables);
      expect(['k0', 'k1', 'k2', 'k3'].map((k) => second.get('alice', k)?.state)).toEqual([undefined, undefined, 'completed', 'completed']);
    });

    it('rebuilds in the order records were completed, not the order the table lists them', () => {
      const t = clock();
      const tables = memoryTablesKept();
      const first = new IdempotencyStore(t.now, {}, tables);
      // Claimed k2, k1, k0, so the table lists them in that order; completed k0, k1, k2.
      const tickets = ['k2', 'k1', 'k0'].map((k) => claimed(first, 'alice', k)).reverse();
      for (const ticket of tickets) {
        t.advance(1);
        first.complete(ticket, created);
      }
      const second = new IdempotencyStore(t.now, { maxRecordsPerCaller: 2 }, tables);
      expect(['k0', 'k1', 'k2'].map((k) => second.get('alice', k)?.state)).toEqual([undefined, 'completed', 'completed']);
    });

    it('rebuilds beside the in-flight records a dead process left in the tables, counting none of them', () => {
      const tables = memoryTablesKept();
      const first = new IdempotencyStore(() => 0, {}, tables);
      claimed(first, 'alice', 'unfinished');
      first.complete(claimed(first, 'alice', 'done'), created);
      const second = new IdempotencyStore(() => 0, {}, tables);
      expect(second.usage('alice')).toEqual({ records: 1, bytes: created.bodyBytes + 512 });
      expect(second.recover()).toBe(1);
      expect(second.get('alice', 'done')?.state).toBe('completed');
    });

    it('keeps its records in the table named idempotency, written with the answer', () => {
      const tables = memoryTablesKept();
      new IdempotencyStore(() => 0, {}, tables);
      // The name is what a data folder holds; a record must be on disk before the answer it replays leaves.
      expect(tables.opened).toEqual(['idempotency with-answer']);
    });
  });

  it('refuses settings that would silently disable it', () => {
    expect(() => new IdempotencyStore(() => 0, { maxRecordsPerCaller: 0 })).toThrow(/maxRecordsPerCaller/);
    expect(() => new IdempotencyStore(() => 0, { maxBytesPerCaller: -1 })).toThrow(/maxBytesPerCaller/);
    expect(() => new IdempotencyStore(() => 0, { retentionUs: 0 })).toThrow(RangeError);
    expect(() => new IdempotencyStore(() => 0, { retentionUs: 1.5 })).toThrow(/retentionUs must be a positive integer/);
    expect(() => new IdempotencyStore(() => 0, { sweepLimit: 0 })).toThrow(/sweepLimit/);
  });
});
