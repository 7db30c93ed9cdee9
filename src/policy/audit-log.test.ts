import { describe, expect, it } from 'vitest';
import type { Counter, Durability, TableKey, Tables } from '../storage/tables.js';
import { type AuditRecord, AuditLog } from './audit-log.js';

/** A decision at `atUs` µs; the time doubles as the record's name in the assertions below. */
const record = (atUs: number, decision: 'allow' | 'deny' = 'allow'): AuditRecord => ({
  atUs, userId: 1, username: 'alice', via: 'session', operation: 'read orders', object: `orders/${121 + atUs}`, objectId: 121 + atUs,
  decision, reason: decision === 'allow' ? 'scope read:orders, own objects only' : 'not the owner', status: decision === 'allow' ? 200 : 403,
});
const times = (log: AuditLog): number[] => log.records.map((r) => r.atUs);
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * Tables that keep what was opened by name, for the next log opened on them (a restart over the same data
 * folder), and note how each was opened.
 */
function keptTables() {
  const maps = new Map<string, Map<TableKey, unknown>>();
  const counters = new Map<string, Counter>();
  const opened: string[] = [];
  const tables: Tables = {
    fresh: true,
    map: <K extends TableKey, V>(name: string, durability?: Durability) => {
      opened.push(`map ${name} ${durability}`);
      if (!maps.has(name)) maps.set(name, new Map());
      return maps.get(name) as Map<K, V>;
    },
    counter: (name: string, start: number, durability?: Durability) => {
      opened.push(`counter ${name} ${durability}`);
      if (!counters.has(name)) counters.set(name, { value: start });
      return counters.get(name)!;
    },
  };
  return { tables, opened, entries: () => maps.get('audit')!.size };
}

describe('audit log', () => {
  it('keeps every record, oldest first, and counts allowed and denied decisions', () => {
    const log = new AuditLog();
    log.record(record(1));
    log.record(record(2, 'deny'));
    log.record(record(3));
    expect(log.records).toEqual([record(1), record(2, 'deny'), record(3)]);
    expect(log.counts()).toEqual({ allowed: 2, denied: 1, dropped: 0 });
  });

  it('holds exactly its capacity, then keeps the newest, oldest first, and counts what it dropped', () => {
    const log = new AuditLog(3);
    [1, 2, 3].forEach((t) => log.record(record(t)));
    expect(times(log)).toEqual([1, 2, 3]);
    expect(log.counts()).toEqual({ allowed: 3, denied: 0, dropped: 0 });
    log.record(record(4, 'deny'));
    expect(times(log)).toEqual([2, 3, 4]);
    log.record(record(5));
    expect(times(log)).toEqual([3, 4, 5]);
    // Once every slot has been overwritten the ring starts again at the first one.
    log.record(record(6));
    expect(times(log)).toEqual([4, 5, 6]);
    log.record(record(7));
    expect(times(log)).toEqual([5, 6, 7]);
    // Counting goes on for the dropped records: the totals say how many decisions there were in all.
    expect(log.counts()).toEqual({ allowed: 6, denied: 1, dropped: 4 });
  });

  it('keeps 10,000 records by default', () => {
    const log = new AuditLog();
    for (let t = 1; t <= 10_001; t++) log.record(record(t));
    expect(log.records).toHaveLength(10_000);
    expect([log.records[0]!.atUs, log.records.at(-1)!.atUs]).toEqual([2, 10_001]);
    expect(log.counts()).toEqual({ allowed: 10_001, denied: 0, dropped: 1 });
  });

  it('hands out a snapshot: records written later neither appear in it nor reorder it', () => {
    const log = new AuditLog(2);
    log.record(record(1));
    const early = log.records;
    log.record(record(2));
    const full = log.records;
    log.record(record(3));
    expect(early.map((r) => r.atUs)).toEqual([1]);
    expect(full.map((r) => r.atUs)).toEqual([1, 2]);
    expect(times(log)).toEqual([2, 3]);
  });

  it('tells each listener of each record as it is written, until the listener stops', () => {
    const log = new AuditLog();
    const heard: string[] = [];
    const stopA = log.onRecord((r) => heard.push(`a${r.atUs}`));
    log.onRecord((r) => heard.push(`b${r.atUs}`));
    log.record(record(1));
    stopA();
    log.record(record(2));
    expect(heard).toEqual(['a1', 'b1', 'b2']);
  });

  it('lets a listener stop twice without silencing another listener', () => {
    const log = new AuditLog();
    const heard: string[] = [];
    const stopA = log.onRecord((r) => heard.push(`a${r.atUs}`));
    log.onRecord((r) => heard.push(`b${r.atUs}`));
    stopA();
    stopA();
    log.record(record(1));
    expect(heard).toEqual(['b1']);
  });
});

describe('the audit log as a table', () => {
  it('keeps its records and counts in the tables audit, audit.next and audit.allowed, all written after the answer', () => {
    const kept = keptTables();
    new AuditLog(10, kept.tables);
    // The names are what a data folder holds; a log must not hold up the answer of the request it records.
    expect(kept.opened).toEqual(['map audit after-answer', 'counter audit.next after-answer', 'counter audit.allowed after-answer']);
  });

  it('takes one table entry per 256 records, and drops a block as soon as every record in it is older than the newest capacity', () => {
    const kept = keptTables();
    const log = new AuditLog(300, kept.tables);
    const entriesAfter = (count: number): number => {
      while (log.counts().allowed < count) log.record(record(log.counts().allowed));
      return kept.entries();
    };
    expect([entriesAfter(256), entriesAfter(257), entriesAfter(513)]).toEqual([1, 2, 3]);
    // 555 records: the newest 300 start at record 255, the last of block 0.
    expect(entriesAfter(555)).toBe(3);
    expect(times(log)).toEqual(range(255, 555));
    expect(entriesAfter(556)).toBe(2);
    expect(times(log)).toEqual(range(256, 556));
    expect(entriesAfter(811)).toBe(3);
    expect(entriesAfter(812)).toBe(2);
    expect(entriesAfter(2_000)).toBe(2);
    expect(times(log)).toEqual(range(1_700, 2_000));
  });

  it('goes on where the last log stopped when opened again on its tables', () => {
    const kept = keptTables();
    const first = new AuditLog(300, kept.tables);
    for (const t of range(0, 400)) first.record(record(t, t % 4 === 0 ? 'deny' : 'allow'));
    const second = new AuditLog(300, kept.tables);
    expect(times(second)).toEqual(range(100, 400));
    for (const t of range(400, 600)) second.record(record(t));
    expect(times(second)).toEqual(range(300, 600));
    expect(second.counts()).toEqual({ allowed: 500, denied: 100, dropped: 300 });
    expect(kept.entries()).toBe(2);
  });
});
