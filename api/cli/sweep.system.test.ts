import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sim } from './cli-process.js';

const exec = promisify(execFile);

/** `npm run sweep` as a user runs it: through tsx, with real worker threads. */
async function sweep(...args: string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/sweep.ts', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const scratch = (name: string) => mkdtempSync(join(tmpdir(), `apisim-sweep-cli-${name}-`));
const withoutFolder = (csv: string, folder: string) => csv.replaceAll(folder, '<out>');

describe('npm run sweep', () => {
  it('sweeps on worker threads, prints its rate and every failing seed with a replay command, exits 1; one worker, and two shards merged, give the same verdicts', async () => {
    const [two, one, shardOne, shardTwo, merged] = ['two', 'one', 'shard-1', 'shard-2', 'merged'].map(scratch) as [string, string, string, string, string];
    const [byTwo, byOne, ...shards] = await Promise.all([
      sweep('notes-lossy-mixed', '--seeds', '1-150', '--workers', '2', '--out', two),
      sweep('notes-lossy-mixed', '--seeds', '1-150', '--workers', '1', '--out', one),
      sweep('notes-lossy-mixed', '--seeds', '1-150', '--shard', '1/2', '--workers', '1', '--out', shardOne),
      sweep('notes-lossy-mixed', '--seeds', '1-150', '--shard', '2/2', '--workers', '1', '--out', shardTwo),
    ]);
    expect(shards.map((s) => /seeds 1-75 \(shard 1\/2 of 1-150\)|seeds 76-150 \(shard 2\/2 of 1-150\)/.test(s.stdout))).toEqual([true, true]);
    const byMerge = await sweep('--merge', join(shardOne, 'sweep.csv'), join(shardTwo, 'sweep.csv'), '--out', merged);
    expect(byMerge.code).toBe(1);
    expect(byMerge.stdout).toContain('apisim sweep --merge · 2 files, 2 latency files added up');
    const mergedCsv = withoutFolder(withoutFolder(readFileSync(join(merged, 'sweep.csv'), 'utf8'), shardOne), shardTwo);
    expect(mergedCsv).toBe(withoutFolder(readFileSync(join(one, 'sweep.csv'), 'utf8'), one));
    expect(readFileSync(join(merged, 'latency-distribution.csv'), 'utf8')).toBe(readFileSync(join(one, 'latency-distribution.csv'), 'utf8'));
    expect(byTwo.code, byTwo.stderr).toBe(1);
    expect(byTwo.stdout).toMatch(/^apisim sweep · notes-lossy-mixed · seeds 1-150 · 2 workers\njudged by its expect block: noServerErrors, linearizable, atMostOneEffectPerKey\n/);
    expect(byTwo.stdout).toMatch(/150 seeds in \d+\.\d s, [\d,]+ seeds\/s on 2 workers: \d+ passed, \d+ failed\./);
    expect(byTwo.stderr).toMatch(/sweep: 150\/150 seeds · [\d,]+ seeds\/s · \d+ failing · done/);
    const failing = [...byTwo.stdout.matchAll(/^ {2}seed (\d+): fail, (.*)\n {4}(.*)$/gm)];
    expect(failing.length).toBeGreaterThan(0);
    for (const [, seed, finding, replay] of failing) {
      expect(finding).toMatch(/^linearizable: note \d is not linearizable/);
      expect(replay).toBe(`npm run sim -- --file ${two}/counterexamples/notes-lossy-mixed-seed-${seed}.json --seed ${seed}`);
    }
    expect(byOne.code).toBe(1);
    expect(withoutFolder(readFileSync(join(one, 'sweep.csv'), 'utf8'), one)).toBe(withoutFolder(readFileSync(join(two, 'sweep.csv'), 'utf8'), two));
    expect(readFileSync(join(one, 'latency-distribution.csv'), 'utf8')).toBe(readFileSync(join(two, 'latency-distribution.csv'), 'utf8'));

    // The printed command replays the failure: the shrunk file fails the same expectation, on the same seed.
    const [, seed, , replay] = failing[0]!;
    const replayed = await sim(...replay!.replace('npm run sim -- ', '').split(' '));
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/FAILED +linearizable: note \d is not linearizable/);
    expect(replayed.stdout).toContain(`seed ${seed}`);
  });

  it('with --until-first-failure, stops at the first failing seed and says how many seeds it took', async () => {
    const out = scratch('first');
    const run = await sweep('notes-lossy-mixed', '--seeds', '1-2000', '--workers', '2', '--until-first-failure', '--out', out);
    expect(run.code).toBe(1);
    const [, seed, took] = /Stopped at the first failing seed, (\d+): it took (\d+) seeds?\./.exec(run.stdout)!;
    expect(took).toBe(seed);
    expect(readFileSync(join(out, 'sweep.csv'), 'utf8').trim().split('\n')).toHaveLength(Number(seed) + 1);
  });

  it('sweeps a scenario file that captures its login over 200 seeds: none fails on the app that checks the owner, the app that checks login only fails', async () => {
    const [correct, flawed] = await Promise.all([
      sweep('--file', 'examples/express-orders/read-others-order-owner-check.json', '--seeds', '1-200', '--workers', '2', '--out', scratch('captures-owner-check')),
      sweep('--file', 'examples/express-orders/read-others-order.json', '--seeds', '1-200', '--workers', '2', '--until-first-failure', '--out', scratch('captures-login-only')),
    ]);
    expect(correct.code, correct.stdout + correct.stderr).toBe(0);
    expect(correct.stdout).toMatch(/200 seeds in \d+\.\d s, [\d,]+ seeds\/s on 2 workers: 200 passed\.\nNo seed failed in 1-200\./);
    expect(flawed.code, flawed.stderr).toBe(1);
    expect(flawed.stdout).toContain('seed 1: fail, statuses: expected [204, 201, 200, 204, 403], got [204, 201, 200, 204, 200]: step 5 (GET /orders/1) got 200, not 403');
    expect(flawed.stdout).toContain('Stopped at the first failing seed, 1: it took 1 seed.');
  });

  it('says what is wrong with a command line, and exits 2', async () => {
    const [typo, faults, shard] = await Promise.all([
      sweep('notes-lossy-mix', '--seeds', '1-3'),
      sweep('owner-isolation', '--faults', 'loss=5%'),
      sweep('notes-lossy-mixed', '--shard', '3/2'),
    ]);
    expect([typo.code, faults.code, shard.code]).toEqual([2, 2, 2]);
    expect(typo.stderr).toContain('"notes-lossy-mix" is neither a built-in scenario (npm run sim -- --list) nor a principle');
    expect(typo.stderr).toContain('did you mean notes-lossy-mixed?');
    expect(faults.stderr).toContain('--faults is for scenarios: a principle draws the faults of each run itself');
    expect(shard.stderr).toContain('--shard takes i/n with 1 ≤ i ≤ n');
  });
});
