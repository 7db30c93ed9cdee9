import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppModuleError } from '../../sim/host/app-module/app-module-error.js';
import { ScenarioError } from '../../sim/scenario/spec.js';
import { UserError } from '../../sim/user-error.js';
import { TargetError } from '../../properties/targets/define-target.js';
import { SignInUnanswered } from '../../properties/targets/target-session.js';
import { SweepJobError } from '../../properties/sweep/seed-run.js';
import { SweepFileError } from '../../properties/sweep/sweep-csv.js';
import { simMain } from './sim-main.js';
import { sweepMain } from './sweep-main.js';
import { TraceOutError } from './trace-out-path.js';

/** What a command wrote on stderr and returned, run in this process. */
async function stderrOf(run: () => Promise<number>): Promise<{ readonly code: number; readonly stderr: string }> {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const code = await run();
  return { code, stderr: lines.join('\n') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a user\'s mistake', () => {
  it('is a UserError of its own kind, named after it, whoever found it', () => {
    const kinds = [ScenarioError, TargetError, SignInUnanswered, AppModuleError, SweepJobError, SweepFileError, TraceOutError];
    for (const Kind of kinds) {
      const error = new Kind('what to fix');
      expect(error).toBeInstanceOf(UserError);
      expect(error.name).toBe(Kind.name);
    }
    // A bad target description is not a bad scenario: a command that reads both can tell them apart.
    expect(new TargetError('x')).not.toBeInstanceOf(ScenarioError);
  });

  it('is printed by the commands in its own words, without a stack, with exit code 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-user-error-'));
    const scenario = join(dir, 'app.json');
    await writeFile(scenario, JSON.stringify({ origin: { module: './missing.ts' }, steps: [{ method: 'GET', path: '/' }] }));
    const notSweep = join(dir, 'not-a-sweep.csv');
    await writeFile(notSweep, 'a,b\n1,2\n');

    const missingApp = await stderrOf(() => simMain(['--file', scenario]));
    expect(missingApp.code).toBe(2);
    expect(missingApp.stderr).toBe(`sim: the app module ./missing.ts was not found: no file at ${join(dir, 'missing.ts')}`);

    const merged = await stderrOf(() => sweepMain(['--merge', notSweep, '--out', join(dir, 'out')]));
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/^sweep: \S*not-a-sweep\.csv/);
    expect(merged.stderr).not.toMatch(/\n\s+at /);
  });
});
