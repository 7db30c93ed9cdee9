import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { installAddon } from '../examples/sqlite-notes/addon-install.js';
import { allPrinciples } from './index.js';
import { scratchFolder } from './test-kit/scratch-folder.js';
import { agreeing, agreementMessage, brokenAllWays, preparedExamples, targetDescriptions, threeWaysOf } from './test-kit/three-ways.js';

/** The examples a step makes first (`preparedExamples`), run the three ways once it has. */
const prepare: Record<keyof typeof preparedExamples, () => Promise<string | undefined>> = {
  'examples/nest-notes/': async () => {
    await promisify(execFile)('npx', ['tsc', '-p', 'examples/nest-notes/src']);
    return undefined;
  },
  'examples/sqlite-notes/': async () => {
    const addon = await installAddon();
    return addon.ready ? undefined : addon.why;
  },
};

const addon = await installAddon();
const threeWays = threeWaysOf(scratchFolder('three-ways-prepared'));

for (const [folder, why] of Object.entries(preparedExamples) as [keyof typeof preparedExamples, string][]) {
  const configs = targetDescriptions.filter((config) => config.startsWith(folder));
  const cannot = folder === 'examples/sqlite-notes/' && !addon.ready ? addon.why : undefined;
  describe(`${folder} (${why}): the three ways never disagree`, { timeout: 600_000 }, () => {
    if (cannot !== undefined) {
      it.skip(`NOT RUN: ${cannot}`, () => {});
      return;
    }
    beforeAll(async () => {
      expect(await prepare[folder]()).toBeUndefined();
    }, 600_000);

    it('has a correct and a flawed description, and the flawed one breaks a principle all three ways', async () => {
      expect(configs.filter((c) => c.endsWith('apisim.config.ts'))).toHaveLength(1);
      const flawed = configs.filter((c) => c.endsWith('apisim-flawed.config.ts'));
      expect(flawed).toHaveLength(1);
      expect(brokenAllWays(await threeWays(flawed[0]!)), flawed[0]).toBe(true);
    });

    for (const config of configs) {
      for (const principle of allPrinciples) {
        it(`${config}: ${principle.name}`, async () => {
          const ways = (await threeWays(config))[principle.name]!;
          expect(ways, agreementMessage(ways)).toEqual(agreeing(ways));
        });
      }
    }
  });
}
