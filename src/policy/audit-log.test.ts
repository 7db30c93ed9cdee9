import { describe, expect, it } from 'vitest';
import { type AuditRecord, AuditLog } from './audit-log.js';

/** A decision at `atUs` µs; the time doubles as the record's name in the assertions below. */
const record = (atUs: number, decision: 'allow' | 'deny' = 'allow'): AuditRecord => ({
  atUs, userId: 1, username: 'alice', via: 'session', operation: 'read orders', object: `orders/${121 + atUs}`, objectId: 121 + atUs,
  decision, reason: decision === 'allow' ? 'scope read:orders, own objects only' : 'not the owner', status: decision === 'allow' ? 200 : 403,
});
const times = (log: AuditLog): number[] => log.records.map((r) => r.atUs);

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
