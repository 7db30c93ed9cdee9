import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { allPrinciples } from '../index.js';
import { root } from '../targets/test-kit/conformance-run.js';
import { asConformance, asProperty, asSweep, type Verdict } from './principle-ways.js';

/**
 * A principle runs three ways (`principle-ways.ts`): as a shrinking property, seed by seed in a sweep, and
 * as the conformance checks that name it, in the simulator (the same checks as over sockets). On every
 * target this repository describes, the three must say the same of each principle: it holds, it is broken,
 * it does not apply, or it could not be judged there (nothing to count with, no refusal about the caller):
 * never a pass then.
 */
export interface Ways {
  readonly property: Verdict;
  readonly sweep: Verdict;
  /** Undefined when no check names the principle. */
  readonly conformance: Verdict | undefined;
}

/**
 * Examples whose app cannot load as the repository stands: a step makes it first, which starts processes,
 * so `npm test` leaves them to `three-ways-prepared.system.test.ts`.
 */
export const preparedExamples = {
  'examples/nest-notes/': 'a NestJS app is loaded as `nest build` leaves it: tsc builds dist/ first',
  'examples/sqlite-notes/': 'better-sqlite3 is installed for this example alone, compiled once a machine',
} as const;

/** Every target description here: the examples' (correct and flawed), the test kit's stand-ins, apisim's own origin in its behaviours. */
export const targetDescriptions = [
  ...readdirSync(join(root, 'examples'), { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)apisim(-flawed)?\.config\.ts$/.test(f)).map((f) => `examples/${f}`),
  ...readdirSync(join(root, 'properties/targets/test-kit'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.config.ts')).map((f) => `properties/targets/test-kit/${f}`),
].sort();

export const needsPreparing = (config: string): boolean => Object.keys(preparedExamples).some((folder) => config.startsWith(folder));

/** Each target's three ways, run once however many tests read them. */
export function threeWaysOf(folder: string): (config: string) => Promise<Record<string, Ways>> {
  const waysOf = new Map<string, Promise<Record<string, Ways>>>();
  return (config) => {
    let ways = waysOf.get(config);
    if (ways === undefined) {
      ways = (async () => {
        const [property, sweep, checks] = [await asProperty(config, folder), await asSweep(config, folder), await asConformance(config)];
        return Object.fromEntries(allPrinciples.map((p) => [p.name, { property: property[p.name]!.verdict, sweep: sweep[p.name]!.verdict, conformance: checks[p.name]?.verdict }]));
      })();
      waysOf.set(config, ways);
    }
    return ways;
  };
}

/** The three agree when the sweep and the checks (where some name the principle) say what the property says. */
export function agreeing(ways: Ways): Ways {
  return { property: ways.property, sweep: ways.property, conformance: ways.conformance === undefined ? undefined : ways.property };
}

/** A flawed example is broken by some principle as a property and in the sweep, and no check says it holds. */
export const brokenAllWays = (ways: Record<string, Ways>): boolean =>
  Object.values(ways).some((w) => w.property === 'broken' && w.sweep === 'broken' && w.conformance !== 'holds');

/** One test per principle on a description: the three ways agree. */
export const agreementMessage = (ways: Ways): string => `the property says ${ways.property}, the sweep ${ways.sweep}, the checks ${ways.conformance ?? '(none names it)'}`;
