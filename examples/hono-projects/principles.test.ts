import { checkTarget, principles } from 'apisim/vitest';
import { describe, expect, it } from 'vitest';
import createApp from './app.js';
import correct from './apisim.config.js';
import flawed from './apisim-flawed.config.js';

// Every principle apisim knows, one test each, against the correct app, on what its OpenAPI document
// declares: the graph principles are skipped with the reason.
principles(new URL('./apisim.config.ts', import.meta.url));

describe('the projects app, described by its users and its OpenAPI document alone', () => {
  it('writes nothing of what the users own or write by hand', () => {
    for (const config of [correct, flawed]) expect(Object.keys(config).sort()).toEqual(['app', 'name', 'openapi', 'users']);
  });

  it('serves a document of 18 operations over projects, the tasks nested in them, and labels', async () => {
    const document = (await (await createApp().request('/openapi.json')).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(document.openapi).toBe('3.1.0');
    expect(operations).toHaveLength(18);
    expect(operations.filter((o) => o.includes('/tasks'))).toHaveLength(6);
  });
});

describe('the flawed app, whose task routes check only that the project exists', { timeout: 120_000 }, () => {
  it('breaks owner-isolation on the nested tasks and nothing else: the other user reads a task of the user\'s', async () => {
    const verdicts = await checkTarget(new URL('./apisim-flawed.config.ts', import.meta.url), { fcSeed: 1 });
    const broken = verdicts.filter((v) => v.result?.failed === true);
    expect(broken.map((v) => v.principle)).toEqual(['owner-isolation']);
    const result = broken[0]!.result!;
    expect(result.problems.join('\n')).toMatch(/^other-user GET \/projects\/\d+\/tasks\/\d+, user's tasks object, was answered 200/);
    // The task is made in a project of the user's own, and the run ends at the other user's read of it.
    const sent = result.requests.filter((r) => !r.signIn).map((r) => `${r.role} ${r.method} ${r.path.replace(/\d+/g, 'N')} ${r.status}`);
    expect(sent.slice(-1)).toEqual(['other-user GET /projects/N/tasks/N 200']);
    expect(sent).toContain('user POST /projects/N/tasks 201');
    expect(result.scenario?.differs).toBeUndefined();
    expect(result.report).toContain(`npx apisim sim --file ${result.scenario!.file} --seed ${result.seed}`);
  });
});
