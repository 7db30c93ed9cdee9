import { describe, expect, it } from 'vitest';
import type { AuditRecord } from './audit-log.js';
import { type EnumerationAlert, EnumerationDetector } from './enumeration-detector.js';

const record = (atUs: number, id: number, status: number, userId = 1): AuditRecord => ({
  atUs, userId, username: 'alice', via: 'session', operation: 'read orders', object: `orders/${id}`, objectId: id,
  decision: status < 400 ? 'allow' : 'deny', reason: '', status,
});

describe('enumeration detector (spec §5.8)', () => {
  it('raises one alert when a subject collects 403/404 on four distinct ids within a minute', () => {
    const detector = new EnumerationDetector();
    [121, 122, 123, 124, 125, 126, 127].forEach((id, i) => detector.observe(record(i * 1_000_000, id, 403)));
    expect(detector.alerts).toHaveLength(1);
    expect(detector.alerts[0]).toMatchObject({ userId: 1, resource: 'orders', ids: [121, 122, 123, 124] });
  });

  it('stays silent for ordinary use: own reads, a typo, the same wrong id retried', () => {
    const detector = new EnumerationDetector();
    for (let i = 0; i < 50; i++) detector.observe(record(i * 1_000_000, 121 + (i % 2), 200));
    detector.observe(record(60_000_000, 999, 404));
    for (let i = 0; i < 5; i++) detector.observe(record(61_000_000 + i, 124, 403));
    expect(detector.alerts).toEqual([]);
  });

  it('forgets refusals older than the window, and keeps subjects apart', () => {
    const detector = new EnumerationDetector();
    [121, 122, 123].forEach((id, i) => detector.observe(record(i * 30_000_000, id, 403)));
    detector.observe(record(100_000_000, 124, 403));
    [125, 126, 127].forEach((id) => detector.observe(record(100_000_001, id, 403, 2)));
    expect(detector.alerts).toEqual([]);
  });

  it('alerts again for a probe that goes on past the window', () => {
    const detector = new EnumerationDetector();
    for (let i = 0; i < 20; i++) detector.observe(record(i * 10_000_000, 200 + i, 404));
    expect(detector.alerts.length).toBeGreaterThanOrEqual(2);
  });

  it('counts a refusal exactly 60 s old as outside the window, and one 1 µs younger as inside', () => {
    const probe = (lastAtUs: number) => {
      const detector = new EnumerationDetector();
      [121, 122, 123].forEach((id, i) => detector.observe(record(i * 1_000_000, id, 404)));
      detector.observe(record(lastAtUs, 124, 404));
      return detector.alerts.map((a) => a.ids);
    };
    expect(probe(60_000_000)).toEqual([]);
    expect(probe(59_999_999)).toEqual([[121, 122, 123, 124]]);
  });

  it('raises the next alert once the last one is a full window old, not 1 µs sooner', () => {
    const heard: EnumerationAlert[] = [];
    const detector = new EnumerationDetector(undefined, (alert) => heard.push(alert));
    [121, 122, 123, 124, 125, 126, 127].forEach((id, i) => detector.observe(record(i * 1_000_000, id, 403)));
    detector.observe(record(62_999_999, 128, 403));
    expect(detector.alerts.map((a) => a.atUs)).toEqual([3_000_000]);
    detector.observe(record(63_000_000, 129, 403));
    const expected: EnumerationAlert[] = [
      { atUs: 3_000_000, userId: 1, username: 'alice', resource: 'orders', ids: [121, 122, 123, 124], windowUs: 60_000_000 },
      { atUs: 63_000_000, userId: 1, username: 'alice', resource: 'orders', ids: [125, 126, 127, 128, 129], windowUs: 60_000_000 },
    ];
    expect(detector.alerts).toEqual(expected);
    expect(heard).toEqual(expected);
  });

  it('ignores refusals it cannot pin on a subject', () => {
    const detector = new EnumerationDetector();
    [121, 122, 123, 124].forEach((id, i) => detector.observe({ ...record(i, id, 403), userId: null, username: null, via: null }));
    expect(detector.alerts).toEqual([]);
  });

  it('never counts a refusal that names no id (a collection, an unknown path) as a probed id', () => {
    // A detector that alerts on a single id, so that one miscounted refusal would show.
    const detector = new EnumerationDetector({ distinctIds: 1, windowUs: 60_000_000 });
    detector.observe({ ...record(0, 121, 403), operation: 'list orders', object: 'orders', objectId: null });
    detector.observe({ ...record(1, 121, 404), operation: 'GET', object: '/orders/abc', objectId: null });
    expect(detector.alerts).toEqual([]);
    detector.observe(record(2, 121, 404));
    expect(detector.alerts.map((a) => [a.resource, a.ids])).toEqual([['orders', [121]]]);
  });

  it('counts only 403 and 404: a refused credential, a rate limit or a bad request is no probe', () => {
    const detector = new EnumerationDetector();
    [401, 429, 400, 200].forEach((status, i) => detector.observe(record(i, 121 + i, status)));
    expect(detector.alerts).toEqual([]);
  });

  it('holds at most 10,000 refusals per subject and resource, however many come inside one window', () => {
    const detector = new EnumerationDetector();
    for (let i = 0; i < 50_000; i++) detector.observe(record(i, 1_000 + (i % 7), 404));
    expect(detector.held.misses).toBe(10_000);
    expect(detector.held.footprint).toBeLessThan(2 * 10_000 + 1024);
    expect(detector.alerts.map((a) => a.ids)).toEqual([[1_000, 1_001, 1_002, 1_003]]);
  });

  it('lets refusals go as the window moves past them', () => {
    const detector = new EnumerationDetector();
    for (let i = 0; i < 3_000; i++) detector.observe(record(i * 1_000_000, 5, 404));
    expect(detector.held.misses).toBe(60);
  });

  it('counts an id as inside the window while any refusal of it is, not only its first', () => {
    const detector = new EnumerationDetector();
    for (const [atS, id] of [[0, 1], [1, 1], [2, 2], [3, 3]] as const) detector.observe(record(atS * 1_000_000, id, 404));
    // At 60.5 s the first refusal of id 1 has left the window; its second, at 1 s, has not.
    detector.observe(record(60_500_000, 4, 404));
    expect(detector.alerts.map((a) => a.ids)).toEqual([[1, 2, 3, 4]]);
  });

  it('with a window of 0 µs holds no refusal and never alerts', () => {
    const detector = new EnumerationDetector({ distinctIds: 1, windowUs: 0 });
    for (let id = 0; id < 10; id++) detector.observe(record(id, id, 404));
    expect(detector.alerts).toEqual([]);
    expect(detector.held.misses).toBe(0);
  });

  it('drops the refusals that left from its array in one copy, once they are 1,024 or more and at least half of it', () => {
    // One refusal a microsecond: a window of W µs holds the newest W, and refusal n leaves at n + W.
    const footprints = (windowUs: number, counts: readonly number[]): number[] => {
      const detector = new EnumerationDetector({ distinctIds: 1_000_000, windowUs });
      let n = 0;
      return counts.map((count) => {
        for (; n < count; n++) detector.observe(record(n, n, 404));
        expect(detector.held.misses).toBe(Math.min(count, windowUs));
        return detector.held.footprint;
      });
    };
    // 1,024 gone at 2,048 refusals, and half the array: dropped then, not a refusal sooner.
    expect(footprints(1_024, [1_000, 2_047, 2_048])).toEqual([1_000, 2_047, 1_024]);
    // A short window: many gone and more than half, but fewer than 1,024.
    expect(footprints(100, [1_000, 1_123, 1_124])).toEqual([1_000, 1_123, 100]);
    // A long window: 1,024 gone, but less than half the array, until 6,000.
    expect(footprints(3_000, [4_024, 5_999, 6_000])).toEqual([4_024, 5_999, 3_000]);
  });
});
