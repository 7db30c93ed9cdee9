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
  rssMb.map((mb, i) => ({ elapsedSeconds: i * 10, rssMb: mb, answers: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, errors: 0 }));

describe('npm run soak', () => {
  it('calls RSS flat when nothing after the warm-up is more than 20 % above the warm-up\'s last reading', () => {
    // Warm-up: the readings at 0, 10 and 20 s; the climb inside it does not count.
    expect(soakVerdict(curve([80, 150, 200, 210, 230, 240]), 20)).toMatchObject({ flat: true, baselineMb: 200, peakAfterWarmUpMb: 240 });
    expect(soakVerdict(curve([80, 150, 200, 210, 230, 241]), 20)).toMatchObject({ flat: false, peakAfterWarmUpMb: 241 });
    expect(soakVerdict(curve([100, 100, 121]), 10).text).toMatch(/^RSS grew: 100 MB after the 10 s warm-up, up to 121 MB after it \(21\.0 %/);
  });

  it('needs readings on both sides of the warm-up', () => {
    expect(() => soakVerdict(curve([100, 110]), 10)).toThrow(/both sides of the warm-up/);
  });

  it('starts the server, sends it the hostile cycle, and writes the RSS curve with what the traffic met', { timeout: 30_000 }, async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'apisim-soak-')), 'soak.csv');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/load/soak-main.ts', '--minutes', '0.05', '--sample-seconds', '0.5', '--warm-up-minutes', '0.02', '--connections', '2', '--out', out], { cwd: projectDir, encoding: 'utf8' });
    expect(run.stdout).toMatch(/RSS (flat|grew): /);
    const [header, ...records]: string[][] = parse(await readFile(out, 'utf8'));
    expect(header).toEqual(['elapsed_s', 'phase', 'rss_mb', 'answers_2xx', 'answers_3xx', 'answers_4xx', 'answers_5xx', 'no_answer']);
    expect(records.length).toBeGreaterThanOrEqual(3);
    expect(new Set(records.map((r) => r[1]))).toEqual(new Set(['warm-up', 'measured']));
    const last = records.at(-1)!;
    // Logins, reads and keyed writes that succeed, and refusals (wrong passwords, unknown notes): never a 5xx.
    expect(Number(last[3])).toBeGreaterThan(0);
    expect(Number(last[5])).toBeGreaterThan(0);
    expect([last[6], last[7]]).toEqual(['0', '0']);
  });
});
