import { describe, expect, it } from 'vitest';
import type { AuditRecord } from './audit-log.js';
import { EnumerationDetector } from './enumeration-detector.js';

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
});
