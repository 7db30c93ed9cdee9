import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { loadColumns } from './csv.js';
import { parseLoadCli } from './load-options.js';
import { type UnratedRow, withCeilingRatios } from './rows.js';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));

const row = (workload: string, target: 'ceiling' | 'apisim', rps: number, round = 1): UnratedRow => ({
  round, workload, target, requests_per_second: rps, p50_ms: 1, p99_ms: 2, non_2xx: 0, errors: 0, rss_before_mb: null, rss_after_mb: null,
});

describe('npm run load', () => {
  it('rates each row against the ceiling of its own round and workload', () => {
    const rated = withCeilingRatios([row('get', 'ceiling', 1000), row('get', 'apisim', 400), row('get', 'ceiling', 500, 2), row('get', 'apisim', 400, 2), row('post', 'apisim', 10)]);
    expect(rated.map((r) => r.ratio_to_ceiling)).toEqual([1, 0.4, 1, 0.8, null]);
  });

  it('reads its options, with a default duration and three rounds, and refuses what it cannot use', () => {
    expect(parseLoadCli([])).toEqual({ kind: 'run', options: { baseUrl: undefined, cacheUrl: undefined, serverPid: undefined, durationSeconds: 5, rounds: 3, connections: 10, out: 'reports/load.csv', workloads: ['get-origin', 'get-through-cache', 'graph-nested-sample', 'post-notes-keyed'] } });
    expect(parseLoadCli(['--base-url', 'http://127.0.0.1:3000', '--server-pid', '42', '--duration', '0.5'])).toMatchObject({ options: { cacheUrl: 'http://127.0.0.1:3001', serverPid: 42, durationSeconds: 0.5 } });
    expect(parseLoadCli(['--duration', '0'])).toMatchObject({ kind: 'usage-error', message: expect.stringMatching(/--duration must be a positive number/) as unknown });
    expect(parseLoadCli(['--rounds', '1.5'])).toMatchObject({ kind: 'usage-error' });
    expect(parseLoadCli(['--server-pid', '42'])).toMatchObject({ kind: 'usage-error', message: expect.stringMatching(/--base-url/) as unknown });
    expect(parseLoadCli(['--base-url', 'not a url'])).toMatchObject({ kind: 'usage-error' });
    // In the report's order whatever the order given.
    expect(parseLoadCli(['--workloads', 'graph-nested-sample,get-origin'])).toMatchObject({ options: { workloads: ['get-origin', 'graph-nested-sample'] } });
    expect(parseLoadCli(['--workloads', 'get-origin,post'])).toMatchObject({ kind: 'usage-error', message: expect.stringMatching(/--workloads takes names from get-origin, get-through-cache/) as unknown });
  });

  it('has a committed reports/load.csv with the columns the code writes, three rounds of every workload and target', async () => {
    const [header, ...records]: string[][] = parse(await readFile(join(projectDir, 'reports/load.csv'), 'utf8'));
    expect(header).toEqual([...loadColumns]);
    expect(records).toHaveLength(3 * 4 * 2);
    expect(new Set(records.map((cells) => cells[0]))).toEqual(new Set(['1', '2', '3']));
  });

  it('starts the server and the hello-world itself, runs every workload briefly for two rounds and writes the CSV', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'apisim-load-')), 'load.csv');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/load/main.ts', '--duration', '0.25', '--rounds', '2', '--connections', '2', '--out', out], { cwd: projectDir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const [header, ...records]: string[][] = parse(await readFile(out, 'utf8'));
    expect(header).toEqual([...loadColumns]);
    const rows = records.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i]!])));
    const round = [
      'get-origin ceiling', 'get-origin apisim', 'get-through-cache ceiling', 'get-through-cache apisim',
      'graph-nested-sample ceiling', 'graph-nested-sample apisim', 'post-notes-keyed ceiling', 'post-notes-keyed apisim',
    ];
    expect(rows.map((r) => `${r.workload} ${r.target}`)).toEqual([...round, ...round]);
    // In the second round too: a key sent again would be replayed, and the DELETE after it would find no note.
    for (const [ceiling, apisim] of rows.flatMap((row, i) => (i % 2 === 0 ? [[row, rows[i + 1]!] as const] : []))) {
      expect(ceiling.ratio_to_ceiling).toBe('1.000');
      // Both rates are rounded to whole requests in the file; the ratio was taken before that.
      expect(Number(apisim.ratio_to_ceiling)).toBeCloseTo(Number(apisim.requests_per_second) / Number(ceiling.requests_per_second), 2);
      expect([apisim.non_2xx, apisim.errors]).toEqual(['0', '0']);
      expect(Number(apisim.rss_after_mb)).toBeGreaterThan(0);
    }
    expect(run.stdout).toMatch(/server RSS after each round \(MB\): \d+\.\d/);
  });
});
