import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type SoakSample, soakVerdict } from './soak-verdict.js';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));

const curve = (rssMb: readonly number[]): SoakSample[] =>
  rssMb.map((mb, i) => ({ elapsedSeconds: i * 10, rssMb: mb, answers: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, shed: 0, errors: 0 }));

describe('npm run soak', () => {
  it('calls RSS flat when the last third after the warm-up averages within 10 % of the first third', () => {
    // Warm-up: the readings at 0 and 10 s; after it, thirds of two readings each.
    expect(soakVerdict(curve([80, 150, 200, 220, 300, 180, 229, 231]), 10)).toMatchObject({ flat: true, earlyMb: 210, middleMb: 240, lateMb: 230, peakAfterWarmUpMb: 300 });
    expect(soakVerdict(curve([80, 150, 200, 200, 200, 200, 220, 222]), 10)).toMatchObject({ flat: false, lateMb: 221 });
    expect(soakVerdict(curve([100, 100, 100, 105, 111]), 0).text).toBe('RSS grew: means of thirds after the 0 s warm-up 100, 102.5, 111 MB (last over first +11.0 %; more than 10 %), peak 111 MB.');
  });

  it('is not fooled by one reading at the bottom of the collector\'s sawtooth', () => {
    // The first soak's shape: the last warm-up reading low, a peak 21 % above it, no trend.
    expect(soakVerdict(curve([300, 327, 340, 374, 283, 366, 395, 340, 364]), 10)).toMatchObject({ flat: true });
  });

  it('needs a warm-up reading and three after it', () => {
    expect(() => soakVerdict(curve([100, 110, 120]), 10)).toThrow(/three after it/);
    expect(() => soakVerdict(curve([100, 110, 120, 130]), -1)).toThrow(/three after it/);
  });

  it('starts the server, sends it the hostile cycle, and writes the RSS curve with what the traffic met', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'apisim-soak-')), 'soak.csv');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/load/soak-main.ts', '--minutes', '0.05', '--sample-seconds', '0.5', '--warm-up-minutes', '0.02', '--connections', '2', '--out', out], { cwd: projectDir, encoding: 'utf8' });
    expect(run.stdout).toMatch(/RSS (flat|grew): /);
    const [header, ...records]: string[][] = parse(await readFile(out, 'utf8'));
    expect(header).toEqual(['elapsed_s', 'phase', 'rss_mb', 'answers_2xx', 'answers_3xx', 'answers_4xx', 'answers_5xx', 'memory_budget_503', 'no_answer']);
    expect(records.length).toBeGreaterThanOrEqual(3);
    expect(new Set(records.map((r) => r[1]))).toEqual(new Set(['warm-up', 'measured']));
    const last = records.at(-1)!;
    // Logins, reads and keyed writes that succeed, and refusals (wrong passwords, unknown notes): never a 5xx.
    expect(Number(last[3])).toBeGreaterThan(0);
    expect(Number(last[5])).toBeGreaterThan(0);
    expect([last[6], last[8]]).toEqual(['0', '0']);
    // The floods and the probe ran beside the cycle, and say so.
    expect(run.stdout).toMatch(/A cache hit's p99 by minute \(\d+ hits timed/);
    expect(run.stdout).toMatch(/sam's right-password logins: [1-9]\d* answered/);
    expect(run.stdout).toMatch(/bob's 8 sockets of pings: [1-9]\d* answered, 0 not/);
  });
});
