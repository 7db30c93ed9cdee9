import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defaultCostBudget } from '../../src/graph/cost-budget.js';
import { defaultGraphLimits } from '../../src/graph/limits/settings.js';
import { runScenario } from './run.js';
import { graphSettingsFrom } from './settings.js';
import { scenarioJsonSchema } from './json-schema.js';
import { parseScenario } from './spec.js';

const deepQuery = '{ user(id: 1) { posts(limit: 1) { author { posts(limit: 1) { author { posts(limit: 1) { author { posts(limit: 1) { title } } } } } } } } }';
const postQuery = (query: string) => ({ method: 'POST', path: '/graphql', body: { query } });

describe('a scenario\'s graph section', () => {
  it('keeps every default when it says nothing', () => {
    expect(graphSettingsFrom(parseScenario({ steps: [postQuery('{ user(id: 1) { name } }')] }).graph)).toEqual({
      limits: defaultGraphLimits, persisted: 'open', preloadedQueries: [], costBudget: defaultCostBudget,
    });
  });

  it('overrides one limit, turns "unlimited" into no limit and merges field weights', () => {
    const spec = parseScenario({ graph: { limits: { maxDepth: 'unlimited', maxCost: 40, fieldWeights: { 'Post.comments': 3 } } }, steps: [postQuery('{ __typename }')] });
    expect(graphSettingsFrom(spec.graph).limits).toEqual({ ...defaultGraphLimits, maxDepth: Infinity, maxCost: 40, fieldWeights: { 'Post.comments': 3 } });
  });

  it('sets or switches off the cost budget', () => {
    const budgetOf = (costBudget: unknown) => graphSettingsFrom(parseScenario({ graph: { costBudget }, steps: [postQuery('{ __typename }')] }).graph).costBudget;
    expect(budgetOf({ maximumAvailable: 300, restoreRate: 10 })).toEqual({ maximumAvailable: 300, restoreRate: 10 });
    expect(budgetOf({ maximumAvailable: 'unlimited' }).maximumAvailable).toBe(Infinity);
    expect(budgetOf({ restoreRate: 5 })).toEqual({ ...defaultCostBudget, restoreRate: 5 });
    expect(() => budgetOf({ maximumAvailable: 0 })).toThrow(/graph\.costBudget\.maximumAvailable: Too small/);
    expect(() => budgetOf({ points: 3 })).toThrow(/graph\.costBudget: unknown field "points"/);
  });

  it('refuses a misspelt limit or a weight key that names no field', () => {
    expect(() => parseScenario({ graph: { limits: { maxDeep: 3 } }, steps: [postQuery('{ __typename }')] })).toThrow(/graph\.limits: unknown field "maxDeep"/);
    expect(() => parseScenario({ graph: { limits: { fieldWeights: { comments: 2 } } }, steps: [postQuery('{ __typename }')] })).toThrow(/fieldWeights\.comments: key must be written "Type\.field"/);
  });

  it('reaches the origin: the ten-level query is refused by default and runs with the depth limit off', async () => {
    const statusWith = async (graph: object) =>
      (await runScenario('t', parseScenario({ graph, steps: [postQuery(deepQuery)] }), { seed: 1, trace: 'off' })).summary[0]!.status;
    expect(await statusWith({})).toBe(400);
    expect(await statusWith({ limits: { maxDepth: 'unlimited' } })).toBe(200);
    expect(await statusWith({ limits: { maxDepth: 'unlimited', maxCost: 5 } })).toBe(400);
  });

  it('in registered-only mode runs a preloaded query by hash and refuses any other', async () => {
    const { persistedGetPath } = await import('../../src/graph/persisted/persisted-get-path.js');
    const preloaded = '{ user(id: 1) { name } }';
    const spec = parseScenario({
      graph: { persisted: 'registered-only', preloadedQueries: [preloaded] },
      steps: [{ method: 'GET', path: persistedGetPath(preloaded) }, postQuery('{ user(id: 2) { name } }')],
    });
    const result = await runScenario('t', spec, { seed: 1, trace: 'off' });
    expect(result.summary.map((s) => s.status)).toEqual([200, 400]);
  });

  it('is documented in docs/scenarios.md: every setting with its default, and an example that runs', async () => {
    const doc = await readFile(new URL('../../docs/scenarios.md', import.meta.url), 'utf8');
    const section = /\n## `graph`[^\n]*\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? '';
    const rows = new Map([...section.matchAll(/^\| `([\w.]+)` \| `([^`]*)` \|/gm)].map((m) => [m[1]!, m[2]!]));
    // Every setting the format has, read off the schema, so a new one cannot go undocumented.
    type Props = { properties?: Record<string, Props> };
    const graph = (JSON.parse(scenarioJsonSchema()) as Props).properties!.graph!.properties!;
    const settings = Object.entries(graph).flatMap(([name, p]) => (p.properties === undefined ? [name] : Object.keys(p.properties).map((inner) => `${name}.${inner}`)));
    expect([...rows.keys()].sort()).toEqual(settings.sort());
    const { fieldWeights, ...counts } = defaultGraphLimits;
    for (const [name, value] of Object.entries(counts)) expect(rows.get(`limits.${name}`), name).toBe(String(value));
    expect(rows.get('limits.fieldWeights')).toBe(JSON.stringify(fieldWeights));
    expect(rows.get('costBudget.maximumAvailable')).toBe(String(defaultCostBudget.maximumAvailable));
    expect(rows.get('costBudget.restoreRate')).toBe(String(defaultCostBudget.restoreRate));
    expect(rows.get('persisted')).toBe('"open"');
    expect(rows.get('preloadedQueries')).toBe('[]');

    const example = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(section)![1]!) as unknown;
    const result = await runScenario('doc', parseScenario(example), { seed: 1, trace: 'off' });
    expect(result.summary[0]!.status).toBe(200);
    expect(JSON.parse(result.exchanges[0]!.response!.body!)).not.toHaveProperty('errors');
    // With the default budget, refused for the cost the text gives.
    const { graph: exampleGraph, ...rest } = example as { graph: { costBudget: unknown } };
    const budgeted = await runScenario('doc', parseScenario({ ...rest, graph: { ...exampleGraph, costBudget: {} } }), { seed: 1, trace: 'off' });
    expect(budgeted.summary[0]!.status).toBe(400);
    const cost = /its estimated cost with these settings, (\d+),/.exec(section.replace(/\s+/g, ' '))?.[1];
    expect(budgeted.exchanges[0]!.response!.body).toContain(`estimated cost of ${cost}, more than a caller's whole budget`);
    expect(graphSettingsFrom(parseScenario(example).graph)).toMatchObject({ limits: { maxDepth: 5, maxCost: Infinity }, costBudget: { maximumAvailable: Infinity } });
  });
});
