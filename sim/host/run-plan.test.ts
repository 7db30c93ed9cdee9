import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtin } from '../scenario/resolve.js';
import { runScenario } from '../scenario/run.js';
import { parseScenario } from '../scenario/spec.js';
import { planRun } from './run-plan.js';

describe('planning a run: who the scenario runs on', { timeout: 20_000 }, () => {
  it('apisim\'s own origin when the scenario names no app, run as runScenario runs it', async () => {
    const scenario = builtin('notes-unstable-post', 1);
    const plan = await planRun(scenario, undefined);
    expect(plan.app).toBeUndefined();
    const [planned, direct] = await Promise.all([plan.run(1, { trace: 'hash' }), runScenario(scenario.name, scenario.spec, { seed: 1, trace: 'hash' })]);
    expect(planned.traceHash).toBe(direct.traceHash);
  });

  it('the app a file names, loaded once from the file\'s folder; another spec of the scenario runs on the same app', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-run-plan-'));
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }');
    await writeFile(join(dir, 'app.ts'), 'export default () => ({ fetch: (request: Request) => new Response(new URL(request.url).pathname) });');
    const file = join(dir, 'scenario.json');
    const spec = parseScenario({ origin: { module: './app.ts' }, steps: [{ method: 'GET', path: '/first' }] }, file);
    const plan = await planRun({ name: 'mine', spec }, file);
    expect(plan.app?.path).toBe(join(dir, 'app.ts'));
    const written = await plan.run(1);
    const other = await plan.run(1, { spec: { ...spec, steps: [{ ...spec.steps[0]!, path: '/second' }] } });
    expect([written.exchanges[0]!.response!.body, other.exchanges[0]!.response!.body]).toEqual(['/first', '/second']);
    expect('guestState' in written).toBe(true);
  });
});
