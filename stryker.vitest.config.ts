import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`stryker.config.json`). Not the whole suite: the unit tests of
 * src/, the principles in properties/ and the simulator nodes that drive the client and the cache. Left out
 * are the rest of sim/ and bench/ (scenario matrices, CLI processes, histories): they take most of the
 * suite's three minutes, a child process never sees the mutant, and what they check of src/ the tests kept
 * here check directly. Stryker runs each mutant against only the tests that reach it (per-test coverage).
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'sim/nodes/*.test.ts'],
    testTimeout: 60_000,
    isolate: false,
    // One seed for every property, so a mutant is killed or not on every run alike: a score must not
    // move because fast-check drew other cases. Properties that fix their own seed keep it.
    env: { FC_SEED: '20250705' },
  },
});
