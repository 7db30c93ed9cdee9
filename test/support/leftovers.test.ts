import { describe, expect, it } from 'vitest';
import { leftovers, surroundings } from './leftovers.js';

describe('what a test file leaves behind for the next file in its worker', () => {
  it('is nothing when everything was given back', () => {
    const before = surroundings();
    const realRandom = Math.random;
    Math.random = () => 0.5;
    process.env.APISIM_LEFTOVERS_PROBE = '7';
    Math.random = realRandom;
    delete process.env.APISIM_LEFTOVERS_PROBE;
    expect(leftovers(before, surroundings())).toEqual([]);
  });

  it('names an environment variable set, changed or removed', () => {
    const before = { ...surroundings(), env: { APISIM_RUNS: '30', HOME: '/root' } };
    expect(leftovers(before, { ...before, env: { APISIM_RUNS: '7', TZ: 'UTC' } })).toEqual([
      'APISIM_RUNS is "7" in the environment, not "30"',
      'HOME is undefined in the environment, not "/root"',
      'TZ is "UTC" in the environment, not undefined',
    ]);
  });

  it('names a lent global not given back, and a working directory not changed back', () => {
    const before = surroundings();
    const realDate = globalThis.Date;
    globalThis.Date = class extends realDate {} as DateConstructor;
    let after;
    try {
      after = surroundings();
    } finally {
      globalThis.Date = realDate;
    }
    expect(leftovers(before, { ...after, cwd: '/tmp' })).toEqual([`the working directory is /tmp, not ${before.cwd}`, 'Date is not the one the file started with']);
  });
});
