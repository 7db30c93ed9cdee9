import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './targets/test-kit/conformance-run.js';
import { catalogue, catalogueTable, saysFalse, type Way } from './test-kit/catalogue/catalogue.js';
import { expectCorrect, expectFlawed } from './test-kit/catalogue/catalogue-verdicts.js';
import { asConformance, asProperty, asSweep, type Verdicts } from './test-kit/principle-ways.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

/**
 * The catalogue of flawed apps (docs/catalogue.md), in the simulator: each flawed app fails its principle,
 * and nothing else, as a property (the vitest helper's run), in a sweep and in the conformance checks; each
 * correct form passes, or could not be judged and says why. `catalogue.system.test.ts` runs the checks over
 * sockets. A verdict apisim still gets wrong is kept as `it.fails`, with its cause in `knownFalseVerdicts`.
 */
const folder = scratchFolder('catalogue');

const inProcess = {
  property: (config: string) => asProperty(config, folder),
  sweep: (config: string) => asSweep(config, folder),
  conformance: (config: string) => asConformance(config),
} satisfies Partial<Record<Way, (config: string) => Promise<Verdicts>>>;

/** Each description's verdicts, one way at a time, run once however many tests read them. */
const verdictsOf = new Map<string, Promise<Verdicts>>();
function judged(config: string, way: keyof typeof inProcess): Promise<Verdicts> {
  const key = `${way} ${config}`;
  let verdicts = verdictsOf.get(key);
  if (verdicts === undefined) verdictsOf.set(key, (verdicts = inProcess[way](config)));
  return verdicts;
}

const testOf = (config: string, way: Way) => (saysFalse(config, way) ? it.fails : it);

describe('the catalogue of flawed apps, in the simulator', { timeout: 120_000 }, () => {
  for (const app of catalogue) {
    describe(`${app.principle}: ${app.framework}, ${app.where}`, () => {
      for (const way of Object.keys(inProcess) as (keyof typeof inProcess)[]) {
        testOf(app.flawed, way)(`the flawed app fails ${app.principle} and nothing else: ${way}`, async () => {
          expectFlawed(app, way, await judged(app.flawed, way));
        });
        for (const correct of app.correct) {
          testOf(correct, way)(`${correct.split('/').at(-1)} passes, or says why it could not judge: ${way}`, async () => {
            expectCorrect(way, await judged(correct, way));
          });
        }
      }
    });
  }

  it('docs/catalogue.md shows the catalogue as it is', () => {
    expect(readFileSync(join(root, 'docs/catalogue.md'), 'utf8')).toContain(catalogueTable());
  });
});
