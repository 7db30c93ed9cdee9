import { fetchOrigin } from 'apisim';
import { describe, expect, it } from 'vitest';
import { bodyOf, type Example, namedFactory, runExample, scenarioFile, statuses, unlabelled } from '../test-kit.js';
import createApp, { flawed, state } from './app.js';

const unlimited = scenarioFile(new URL('deep-query.json', import.meta.url));
const limited = scenarioFile(new URL('deep-query-limited.json', import.meta.url));

type Graph = ReturnType<typeof createApp>;
const runsAnyDepth: Example<Graph> = { build: flawed, serve: (app) => fetchOrigin(app), state };
const limitsDepth: Example<Graph> = { build: () => createApp(), serve: (app) => fetchOrigin(app), state };

const shallowAnswer = { data: { person: { name: 'Alice', friends: [{ name: 'Bob' }, { name: 'Carol' }] } } };

describe('yoga-graph: a query 10 fields deep', { timeout: 20_000 }, () => {
  it('the scenario files name the app module and its exports: flawed, and the default', async () => {
    expect(unlimited.origin).toEqual({ module: './app.ts', export: 'flawed' });
    expect(limited.origin).toEqual({ module: './app.ts', export: 'default' });
    expect(await namedFactory(unlimited)).toBe(flawed);
    expect(await namedFactory(limited)).toBe(createApp);
    expect(unlabelled(limited)).toEqual(unlabelled(unlimited));
  });

  it('the endpoint without a depth limit runs it: 256 resolver calls, 7,771 bytes', async () => {
    const result = await runExample(unlimited.spec, runsAnyDepth);
    expect(statuses(result)).toEqual([200, 200]);
    expect(bodyOf(result, 0)).toEqual(shallowAnswer);
    // The shallow query: person and one friends. The deep one: person, then friends for 1, 2, 4, ... 128 people.
    expect(result.guestState).toEqual({ resolverCalls: 2 + 1 + 255 });
    expect(result.summary.map((s) => s.responseBytes)).toEqual([80, 7771]);
    expect(JSON.stringify(bodyOf(result, 1)).match(/"name"/g)).toHaveLength(256);
  });

  it('the endpoint with a depth limit of 5 refuses it in validation, 400, before any resolver runs', async () => {
    const result = await runExample(limited.spec, limitsDepth);
    expect(statuses(result)).toEqual([200, 400]);
    expect(bodyOf(result, 0)).toEqual(shallowAnswer);
    expect(bodyOf(result, 1)).toEqual({
      errors: [{
        message: 'The operation is 10 fields deep; the limit is 5.',
        locations: [{ line: 1, column: 1 }],
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { spec: true, status: 400 } },
      }],
    });
    // The two calls are the shallow query's: the deep one cost none.
    expect(result.guestState).toEqual({ resolverCalls: 2 });
  });

  it('replays a seed exactly: the same seed twice gives the same trace hash', async () => {
    for (const [file, example] of [[unlimited, runsAnyDepth], [limited, limitsDepth]] as const) {
      const [once, again] = [await runExample(file.spec, example, 1), await runExample(file.spec, example, 1)];
      expect(again.traceHash).toBe(once.traceHash);
      expect(again.guestState).toEqual(once.guestState);
    }
  });
});
