import { afterAll, describe, it } from 'vitest';
import { catalogue, saysFalse } from './test-kit/catalogue/catalogue.js';
import { expectCorrect, expectFlawed } from './test-kit/catalogue/catalogue-verdicts.js';
import { asConformance, type Verdicts } from './test-kit/principle-ways.js';
import { type ServedApp, serveDescribedApp } from './test-kit/served-app.js';

/**
 * The catalogue of flawed apps (docs/catalogue.md) over sockets: each app served alone on a loopback port,
 * a deployment the conformance checks know only by its URL (`--base-url`), and named as its own cache
 * (`--cache-url`), so that `cache/unsafe-invalidates` judges what the app itself keeps. The checks must say
 * of each what they say in the simulator (`catalogue.test.ts`).
 */
const served: ServedApp[] = [];
afterAll(async () => {
  await Promise.all(served.map((app) => app.close()));
});

const verdictsOf = new Map<string, Promise<Verdicts>>();
function overSockets(config: string): Promise<Verdicts> {
  let verdicts = verdictsOf.get(config);
  if (verdicts === undefined) {
    verdicts = serveDescribedApp(config).then((app) => {
      served.push(app);
      return asConformance(config, '--base-url', app.url, '--cache-url', app.url);
    });
    verdictsOf.set(config, verdicts);
  }
  return verdicts;
}

describe('the catalogue of flawed apps, over sockets', () => {
  for (const app of catalogue) {
    describe(`${app.principle}: ${app.framework}, ${app.where}`, () => {
      (saysFalse(app.flawed, 'sockets') ? it.fails : it)(`the flawed app fails ${app.principle} and nothing else`, async () => {
        expectFlawed(app, 'sockets', await overSockets(app.flawed));
      });
      for (const correct of app.correct) {
        (saysFalse(correct, 'sockets') ? it.fails : it)(`${correct.split('/').at(-1)} passes, or says why it could not judge`, async () => {
          expectCorrect('sockets', await overSockets(correct));
        });
      }
    });
  }
});
