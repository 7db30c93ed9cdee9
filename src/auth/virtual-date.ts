/**
 * Virtual time 0 is 2026-01-01T00:00:00Z, so tokens carry realistic `iat` and `exp` claims. jose wants a
 * `Date` for its clock; this is the one place one is made, and only from virtual time.
 */
export const virtualEpochMs = 1_767_225_600_000;

export function virtualEpochSeconds(nowUs: number): number {
  return Math.floor(virtualEpochMs / 1000 + nowUs / 1_000_000);
}

export function virtualDate(nowUs: number): Date {
  // eslint-disable-next-line no-restricted-globals -- built from the virtual clock, never read from the wall
  return new Date(virtualEpochMs + Math.floor(nowUs / 1000)); // allow-nondeterminism: virtual time
}
