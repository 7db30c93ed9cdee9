import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPrinciples } from './index.js';
import { root } from './targets/test-kit/conformance-run.js';
import { asConformance, asProperty, asSweep, type Verdict } from './test-kit/principle-ways.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

/**
 * A principle runs three ways (`test-kit/principle-ways.ts`): as a shrinking property, seed by seed in a
 * sweep, and as the conformance checks that name it, in the simulator (the same checks as over sockets). On
 * every target this repository describes, the three must say the same of each principle: it holds, it is
 * broken, it does not apply, or it could not be judged there (nothing to count with, no refusal about the
 * caller): never a pass then.
 */
interface Ways {
  readonly property: Verdict;
  readonly sweep: Verdict;
  /** Undefined when no check names the principle. */
  readonly conformance: Verdict | undefined;
}

/** Every target description here: the examples' (correct and flawed), the test kit's stand-ins, apisim's own origin in its behaviours. */
const configs = [
  ...readdirSync(join(root, 'examples'), { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)apisim(-flawed)?\.config\.ts$/.test(f)).map((f) => `examples/${f}`),
  ...readdirSync(join(root, 'properties/targets/test-kit'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.config.ts')).map((f) => `properties/targets/test-kit/${f}`),
].sort();

const folder = scratchFolder('three-ways');

/** Each target's three ways, run once however many tests read them. */
const waysOf = new Map<string, Promise<Record<string, Ways>>>();
function threeWays(config: string): Promise<Record<string, Ways>> {
  let ways = waysOf.get(config);
  if (ways === undefined) {
    ways = (async () => {
      const [property, sweep, checks] = [await asProperty(config, folder), await asSweep(config, folder), await asConformance(config)];
      return Object.fromEntries(allPrinciples.map((p) => [p.name, { property: property[p.name]!.verdict, sweep: sweep[p.name]!.verdict, conformance: checks[p.name]?.verdict }]));
    })();
    waysOf.set(config, ways);
  }
  return ways;
}

/** The three agree when the sweep and the checks (where some name the principle) say what the property says. */
function agreeing(ways: Ways): Ways {
  return { property: ways.property, sweep: ways.property, conformance: ways.conformance === undefined ? undefined : ways.property };
}

describe('the three ways to run a principle never disagree', { timeout: 120_000 }, () => {
  it('finds every target description, and each flawed example breaks a principle all three ways', async () => {
    expect(configs.length).toBeGreaterThanOrEqual(17);
    for (const config of configs.filter((c) => c.endsWith('apisim-flawed.config.ts'))) {
      const ways = Object.values(await threeWays(config));
      expect(ways.some((w) => w.property === 'broken' && w.sweep === 'broken' && w.conformance !== 'holds'), config).toBe(true);
    }
  });

  for (const config of configs) {
    describe(config, () => {
      for (const principle of allPrinciples) {
        it(principle.name, async () => {
          const ways = (await threeWays(config))[principle.name]!;
          expect(ways, `the property says ${ways.property}, the sweep ${ways.sweep}, the checks ${ways.conformance ?? '(none names it)'}`).toEqual(agreeing(ways));
        });
      }
    });
  }
});
