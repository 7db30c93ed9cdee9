import { describe, expect, it } from 'vitest';
import { allChecks } from './conformance/check-list.js';
import { allPrinciples } from './index.js';

describe('each conformance check names the principle it probes', () => {
  // The suite imports nothing of ours, so its checks name a principle by a plain string: this is where a
  // name that is no principle's (a typo, a principle renamed) is caught.
  it('every name is a principle of allPrinciples', () => {
    const known = new Set(allPrinciples.map((p) => p.name));
    expect(allChecks.filter((c) => c.principle !== null && !known.has(c.principle)).map((c) => `${c.name} names ${c.principle}`)).toEqual([]);
  });
});
