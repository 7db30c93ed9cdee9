import { checkTarget, principles } from 'apisim/vitest';
import { describe, expect, it } from 'vitest';
import createApp from './app.js';
import correct from './apisim.config.js';
import flawed from './apisim-flawed.config.js';

// Every principle apisim knows, one test each, against the correct app, on what its OpenAPI document
// declares, the schema principles among them: the graph principles are skipped with the reason. Then the
// coverage matrix, which fails unless every operation of the document was sent by some principle.
principles(new URL('./apisim.config.ts', import.meta.url), { coverage: { require: 100 } });

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

describe('the flawed app: three flaws in three operations, none written into its description', { timeout: 120_000 }, () => {
  // Checked once, by the first test that asks: not while the file is collected, when the correct app's tests have not run.
  let checked: ReturnType<typeof checkTarget> | undefined;
  const verdicts = () => (checked ??= checkTarget(new URL('./apisim-flawed.config.ts', import.meta.url), { fcSeed: 1 }));
  const failed = async (principle: string) => {
    const verdict = (await verdicts()).find((v) => v.principle === principle);
    expect(verdict?.result?.failed, principle).toBe(true);
    const result = verdict!.result!;
    expect(result.scenario?.differs).toBeUndefined();
    expect(result.report).toContain(`npx apisim sim --file ${result.scenario!.file} --seed ${result.seed}`);
    return { result, sent: result.requests.filter((r) => !r.signIn).map((r) => `${r.role} ${r.method} ${r.path.replace(/\d+/g, 'N')} ${r.status}`) };
  };

  it('breaks the three principles of its flaws and nothing else', async () => {
    expect((await verdicts()).filter((v) => v.result?.failed === true).map((v) => v.principle)).toEqual(['owner-isolation', 'answers-keep-to-schema', 'invalid-input-refused']);
  });

  it('lets the other user read a task of the user\'s (owner-isolation, on the nested resource)', async () => {
    const { result, sent } = await failed('owner-isolation');
    expect(result.problems.join('\n')).toMatch(/^other-user GET \/projects\/\d+\/tasks\/\d+, user's tasks object, was answered 200/);
    // The task is made in a project of the user's own, and the run ends at the other user's read of it.
    expect(sent.slice(-1)).toEqual(['other-user GET /projects/N/tasks/N 200']);
    expect(sent).toContain('user POST /projects/N/tasks 201');
  });

  it('answers GET /projects/{projectId} with a member its schema does not have (answers-keep-to-schema)', async () => {
    const { result, sent } = await failed('answers-keep-to-schema');
    expect(result.problems).toEqual([expect.stringMatching(/^user GET \/projects\/\d+ was answered 200: its 200 body has \/inviteCode, a member its schema does not declare$/)]);
    expect(sent).toContain('user GET /projects/N 200');
  });

  it('answers PUT /labels/{labelId} with a 500 to a body its schema refuses (invalid-input-refused)', async () => {
    const { result, sent } = await failed('invalid-input-refused');
    expect(result.problems).toEqual([expect.stringMatching(/^user PUT \/labels\/\d+ with .* was answered 500: a server error, not a 4xx$/)]);
    expect(sent).toEqual(['user POST /labels 201', 'user PUT /labels/N 500']);
  });
});
