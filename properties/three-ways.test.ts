import { describe, expect, it } from 'vitest';
import { allPrinciples } from './index.js';
import { scratchFolder } from './test-kit/scratch-folder.js';
import { agreeing, agreementMessage, brokenAllWays, needsPreparing, targetDescriptions, threeWaysOf } from './test-kit/three-ways.js';

/**
 * The three ways to run a principle (`test-kit/three-ways.ts`) on every target this repository describes
 * whose app loads as the repository stands; those a step must make first are
 * `three-ways-prepared.system.test.ts`'s.
 */
const configs = targetDescriptions.filter((config) => !needsPreparing(config));
const threeWays = threeWaysOf(scratchFolder('three-ways'));

describe('the three ways to run a principle never disagree', { timeout: 120_000 }, () => {
  it('finds every target description, and each flawed example breaks a principle all three ways', async () => {
    expect(configs.length).toBeGreaterThanOrEqual(17);
    for (const config of configs.filter((c) => c.endsWith('apisim-flawed.config.ts'))) expect(brokenAllWays(await threeWays(config)), config).toBe(true);
  });

  for (const config of configs) {
    describe(config, () => {
      for (const principle of allPrinciples) {
        it(principle.name, async () => {
          const ways = (await threeWays(config))[principle.name]!;
          expect(ways, agreementMessage(ways)).toEqual(agreeing(ways));
        });
      }
    });
  }
});
