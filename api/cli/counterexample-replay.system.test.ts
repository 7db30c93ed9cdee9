import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { idempotentResend } from '../../properties/idempotent-resend.js';
import { runPrinciple } from '../../properties/runner.js';
import { loadTarget } from '../../properties/targets/load-target.js';
import { PreparedTarget } from '../../properties/targets/target-session.js';
import { scratchFolder } from '../../properties/test-kit/scratch-folder.js';
import { sim } from './cli-process.js';

const notesApp = fileURLToPath(new URL('../../examples/hono-notes/app.ts', import.meta.url));

/**
 * A principle's counterexample file as a regression test: replayed, it is judged again by its principle on the
 * app its config names, as the app is now. A project of its own: its app module re-exports the Hono notes
 * example's flawed form (POST ignores Idempotency-Key), and is then changed to the correct form.
 */
describe('npm run sim -- --file <a counterexample>', { timeout: 120_000 }, () => {
  it('exits 1 naming the principle while it still fails, and 0 saying "no longer fails" once the app is fixed', async () => {
    const project = scratchFolder('replay');
    const app = (form: 'flawed' | 'default'): void => writeFileSync(join(project, 'app.ts'), `import { ${form} as make } from ${JSON.stringify(notesApp)};\nexport default () => make();\n`);
    // A package.json, as any project has: without one, Node's lookups for the module's type are real I/O in the run.
    writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(project, 'apisim.config.ts'), `export default ${JSON.stringify({
      name: 'my-notes',
      app: { module: './app.ts', export: 'default' },
      writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' } }],
      idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
    })};\n`);
    app('flawed');
    const prepared = await PreparedTarget.prepare(await loadTarget(join(project, 'apisim.config.ts')));
    const result = await runPrinciple(prepared, idempotentResend, { runs: 20, fcSeed: 1, folder: join(project, 'counterexamples') });
    expect(result.failed).toBe(true);
    expect(result.scenario?.unjudged).toBeUndefined();
    const replay = ['--file', result.scenario!.file, '--seed', String(result.seed)];

    const failing = await sim(...replay);
    expect(failing.code, failing.stderr).toBe(1);
    expect(failing.stdout).toContain(`Judged again by idempotent-resend on my-notes, at the seed it broke with (${result.seed}): still fails: a POST re-sent with the same Idempotency-Key takes effect once\n  ${result.problems[0]}`);
    const json = await sim(...replay, '--json');
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as { counterexample: unknown }).counterexample).toEqual({ principle: 'idempotent-resend', statement: idempotentResend.statement, target: 'my-notes', seed: result.seed, verdict: 'still fails', problems: result.problems });

    app('default');
    const fixed = await sim(...replay);
    expect(fixed.code, fixed.stderr).toBe(0);
    // A pass carries its evidence: what the check saw that shows the principle kept.
    expect(fixed.stdout).toMatch(new RegExp(`Judged again by idempotent-resend on my-notes, at the seed it broke with \\(${result.seed}\\): no longer fails: a POST re-sent with the same Idempotency-Key takes effect once\\. It held on:\\n  \\S`));
  });
});
