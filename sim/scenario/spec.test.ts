import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioText, ScenarioError } from './spec.js';
import { runScenario } from './run.js';

const minimal = { steps: [{ method: 'GET', path: '/notes/1' }] };
const errorOf = (input: unknown): string => {
  try {
    parseScenario(input, 'my.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as Error).message;
  }
  throw new Error('expected the scenario to be refused');
};

describe('scenario files', () => {
  it('fills in documented defaults', () => {
    const spec = parseScenario(minimal);
    expect(spec.modes).toEqual({ cache: 'rfc9111', idempotencyKey: 'optional', idempotencyRecord: 'with-effect', orders: 'owner-check', line: 'stable', client: {} });
    expect(spec.crashes).toEqual([]);
    expect(spec.auth).toBe('session:alice');
    expect(spec.steps[0]).toMatchObject({ client: 'client', headers: {} });
  });

  it('sends a step\'s path as written, query and all; a fragment, which never leaves a client, is refused', () => {
    expect(parseScenario({ steps: [{ method: 'GET', path: '/users?limit=5&offset=10' }] }).steps[0]!.path).toBe('/users?limit=5&offset=10');
    expect(errorOf({ steps: [{ method: 'GET', path: '/users#top' }] })).toContain('my.json: steps[0].path: must start with "/" and contain no spaces or fragment, got "/users#top"');
  });

  it.each([
    [{ steps: [] }, 'my.json: steps: a scenario needs at least one step'],
    [{ ...minimal, colour: 'red' }, 'my.json: (top level): unknown field "colour"'],
    [{ steps: [{ method: 'get', path: '/notes/1' }] }, 'my.json: steps[0].method: must be an upper-case HTTP method like "GET", got "get"'],
    [{ steps: [{ method: 'GET', path: 'notes/1' }] }, 'my.json: steps[0].path: must start with "/"'],
    [{ steps: [{ method: 'GET', path: '/', atUs: 1.5 }] }, 'my.json: steps[0].atUs: Invalid input: expected int, received number, got 1.5'],
    [{ ...minimal, modes: { line: 'flaky' } }, 'my.json: modes.line: Invalid option: expected one of "stable"|"unstable", got "flaky"'],
    [{ ...minimal, topology: { wan: { oneWayDelayMs: 60 } } }, 'my.json: topology.wan: unknown field "oneWayDelayMs"'],
    [{ ...minimal, topology: { wan: { faults: [{ rule: 'loss', probability: 2 }] } } }, 'my.json: topology.wan.faults[0].probability: Too big: expected number to be <=1, got 2'],
    [{ ...minimal, topology: { wan: { faults: [{ rule: 'drop' }] } } }, 'my.json: topology.wan.faults[0].rule:'],
    [{ steps: [{ method: 'PUT', path: '/notes/1', body: {}, rawBody: '' }] }, 'my.json: steps[0].rawBody: give either "body" or "rawBody", not both'],
    [{ ...minimal, topology: { wan: { faults: [{ rule: 'partition', fromUs: 500, untilUs: 500 }] } } }, 'my.json: topology.wan.faults[0].untilUs: must be later than fromUs'],
    [{ ...minimal, crashes: [{ request: 0 }] }, 'my.json: crashes[0]'],
    [{ ...minimal, crashes: [{ request: 1, atUs: 5 }] }, 'my.json: crashes[0]'],
    [{ ...minimal, expect: { statuses: [200, 200] } }, 'my.json: expect.statuses: must list one status per step (1 step), got 2'],
    [{ ...minimal, expect: { status: [200] } }, 'my.json: expect: unknown field "status"'],
    [{ ...minimal, graph: { maxDepth: 3 } }, 'my.json: graph: unknown field "maxDepth" ("maxDepth" belongs under graph.limits: "graph": {"limits": {"maxDepth": …}})'],
    [{ ...minimal, graph: { maxCost: 9, restoreRate: 2 } }, 'my.json: graph: unknown fields "maxCost", "restoreRate" ("maxCost" belongs under graph.limits: "graph": {"limits": {"maxCost": …}}; "restoreRate" belongs under graph.costBudget: "graph": {"costBudget": {"restoreRate": …}})'],
    [{ ...minimal, graph: { limits: { maximumAvailable: 5 } } }, 'my.json: graph.limits: unknown field "maximumAvailable" ("maximumAvailable" belongs under graph.costBudget'],
    [{ ...minimal, limits: { maxDepth: 3 } }, 'my.json: (top level): unknown field "limits" ("limits" belongs under graph: "graph": {"limits": …})'],
    [{ ...minimal, expect: { finalState: { 'notes/0': 1 } } }, 'my.json: expect.finalState.notes/0: key must be a JSON Pointer (RFC 6901)'],
    [{ ...minimal, origin: { module: './app.ts' }, expect: { notes: 1 } }, 'my.json: expect.notes: counts apisim\'s own notes'],
  ])('refuses %j with where and what', (input, expected) => {
    expect(errorOf(input)).toContain(expected);
  });

  it('gives no hint for a field that is at home nowhere, or already at home', () => {
    expect(errorOf({ ...minimal, graph: { limits: { maxDepthh: 3 } } })).toMatch(/my\.json: graph\.limits: unknown field "maxDepthh"$/);
  });

  it('takes an origin module, its export "default" unless named, and a kind only when given', () => {
    expect(parseScenario({ ...minimal, origin: { module: './app.ts' } }).origin).toEqual({ module: './app.ts', export: 'default' });
    expect(parseScenario({ ...minimal, origin: { module: './app.ts', export: 'createApp', kind: 'factory' } }).origin)
      .toEqual({ module: './app.ts', export: 'createApp', kind: 'factory' });
    expect(parseScenario(minimal).origin).toBeUndefined();
  });

  it.each([
    [{ ...minimal, origin: { module: '' } }, 'my.json: origin.module: Too small: expected string to have >=1 characters, got ""'],
    [{ ...minimal, origin: { module: './app.ts', export: 'create-app' } }, 'my.json: origin.export: must be the name of an export, like "default" or "createApp", got "create-app"'],
    [{ ...minimal, origin: { module: './app.ts', kind: 'hono' } }, 'my.json: origin.kind: Invalid option: expected one of "factory"|"fetch"|"listener", got "hono"'],
    [{ ...minimal, origin: { module: './app.ts', file: 'x' } }, 'my.json: origin: unknown field "file"'],
  ])('refuses the origin %j with where and what', (input, expected) => {
    expect(errorOf(input)).toContain(expected);
  });

  it('is never a built-in scenario\'s: those run on apisim\'s own origin, which refuses a spec naming another', async () => {
    const { builtinScenarios } = await import('./catalog.js');
    const { builtin } = await import('./resolve.js');
    expect(builtinScenarios.filter((s) => builtin(s.name, 1).spec.origin !== undefined)).toEqual([]);
    await expect(runScenario('mine', parseScenario({ ...minimal, origin: { module: './app.ts' } }), { seed: 1 })).rejects.toThrow(
      '"mine" names its own origin (./app.ts): run it with `npm run sim -- --file`, or runGuestScenario with the app',
    );
  });

  it('lists every problem at once', () => {
    expect(errorOf({ steps: [{ method: 'get', path: 'x' }], extra: 1 })).toMatch(/\(3 problems\)/);
  });

  it('points at the line and column of a JSON syntax error', () => {
    expect(() => parseScenarioText('{\n  "steps": [\n    {"method": "GET",, }\n  ]\n}', 'my.json')).toThrow(
      /my.json is not valid JSON \(line 3, column \d+\)/,
    );
  });

  it('sends rawBody exactly as written, so malformed bodies can be scripted', async () => {
    const spec = parseScenario({ steps: [{ method: 'PUT', path: '/notes/1', rawBody: '{"content":', headers: { 'Content-Type': 'application/json' } }] });
    const result = await runScenario('raw', spec, { seed: 1 });
    expect(result.summary[0]).toMatchObject({ status: 400, requestBytes: 11 });
  });

  it('applies topology and client overrides', async () => {
    const spec = parseScenario({
      topology: { wan: { oneWayDelayUs: 10_000, bandwidthBitsPerSecond: 'unlimited' }, originProcessingUs: 1_000 },
      modes: { line: 'unstable', client: { timeoutUs: 100_000 } },
      steps: [{ method: 'GET', path: '/notes/1' }],
    });
    const result = await runScenario('fast', spec, { seed: 1 });
    // lost once (21 ms), re-sent at the 100 ms timeout, answered 21 ms later
    expect(result.summary[0]).toMatchObject({ status: 404, attempts: 2, latencyMs: 121 });
  });
});

describe('docs/scenario.schema.json', () => {
  it('is the schema the validator enforces (regenerate with `npm run -s sim -- --schema > docs/scenario.schema.json`)', async () => {
    const { readFile } = await import('node:fs/promises');
    const { scenarioJsonSchema } = await import('./json-schema.js');
    expect(await readFile('docs/scenario.schema.json', 'utf8')).toBe(scenarioJsonSchema());
  });
});

describe('examples/scenarios', () => {
  it('every example scenario is valid and runs', async () => {
    const { readdir } = await import('node:fs/promises');
    const { fromFile } = await import('./resolve.js');
    const files = (await readdir('examples/scenarios')).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const { name, spec } = await fromFile(`examples/scenarios/${file}`);
      // A file that names its own app runs through the CLI, which loads it (api/cli/sim.system.test.ts runs those).
      if (spec.origin !== undefined) continue;
      const result = await runScenario(name, spec, { seed: 1, trace: 'off' });
      expect(result.summary.every((x) => x.outcome !== 'pending'), file).toBe(true);
    }
  });
});
