import { defineConfig } from 'vitest/config';
import main from './vitest.config.js';

/**
 * The tests Stryker runs against each mutant (`stryker.config.json`): the unit tests of src/ and the simulator
 * nodes that drive the client and the cache. Not the properties, the scenario matrices or the CLI processes:
 * a property drives the whole origin through the simulator, so with per-test coverage almost every property
 * reaches almost every mutant of policy, cache and idempotency, and each survivor would run most of the
 * property suite again; a child process never sees the mutant at all.
 * The properties show their own teeth by failing on the variant that breaks them; the score here says
 * whether the unit tests pin each line. Stryker runs each mutant against only the tests that reach it.
 */
export default defineConfig({
  // The main config's resolution, so that graphql-jit and our source share one graphql (vitest.config.ts says why):
  // without it every compiled query falls back to graphql-js and the compiled path's tests fail the dry run.
  plugins: main.plugins,
  resolve: main.resolve,
  test: {
    include: ['src/**/*.test.ts', 'sim/nodes/*.test.ts'],
    testTimeout: 60_000,
    isolate: false,
    // One seed for every property, so a mutant is killed or not on every run alike: a score must not
    // move because fast-check drew other cases. Properties that fix their own seed keep it.
    env: { FC_SEED: '20250705' },
  },
});
