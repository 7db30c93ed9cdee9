import { virtualEpochMs } from '../src/auth/virtual-date.js';

/**
 * The real clock, in the origin's unit: microseconds since the simulator's time 0 (2026-01-01T00:00:00Z),
 * so tokens carry the same real `iat`/`exp` dates a wall clock would give them. Read once from the wall and
 * then advanced by the monotonic clock: `SharedCache` refuses time that goes backwards, and an NTP step of
 * the wall clock must not crash a proxy.
 */
export function realClockUs(): () => number {
  const wallAtStartUs = (Date.now() - virtualEpochMs) * 1000;
  const monotonicAtStartNs = process.hrtime.bigint();
  return () => wallAtStartUs + Number((process.hrtime.bigint() - monotonicAtStartNs) / 1000n);
}
