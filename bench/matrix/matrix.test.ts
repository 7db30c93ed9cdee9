import { beforeAll, describe, expect, it } from 'vitest';
import { matrixColumns, matrixCsv, summaryColumns, summaryCsv } from './csv.js';
import { readCsv } from './csv-reader.js';
import { scenarioMatrix } from './definition.js';
import type { MatrixRow } from './rows.js';
import { type MatrixResult, runScenarioMatrix, selectedVariants } from './runner.js';

/** DESIGN.md's timing model by hand: 60 ms each way on the WAN, 15 ms at the origin, 4 µs a byte each way. */
const wanOneWayUs = 60_000;
const originUs = 15_000;
const usPerByte = 4;

let full: MatrixResult;
let csv: string;

beforeAll(async () => {
  full = await runScenarioMatrix({ quick: false, filter: undefined });
  csv = matrixCsv(full.rows);
});

/** Steps of one client that overlap share its line (a FIFO transmitter), so their latency includes the wait. */
function alone(row: MatrixRow, rows: readonly MatrixRow[]): boolean {
  const end = (r: MatrixRow) => r.start_ms + (r.latency_ms ?? Infinity);
  return rows.every((other) => other === row || other.scenario !== row.scenario || other.variant !== row.variant || other.client !== row.client
    || end(other) <= row.start_ms || other.start_ms >= end(row));
}

describe('reports/scenarios.csv', () => {
  it('is the same bytes on every run: a second run in the same process writes an identical file', async () => {
    const again = await runScenarioMatrix({ quick: false, filter: undefined });
    expect(matrixCsv(again.rows)).toBe(csv);
    expect(summaryCsv(again.summaries)).toBe(summaryCsv(full.summaries));
  });

  it('has the fixed columns, one row per step of every variant, and a fixed seed per scenario in every row', () => {
    const lines = csv.split('\n');
    expect(lines[0]).toBe(matrixColumns.join(','));
    expect(csv.endsWith('\n')).toBe(true);
    expect(csv).not.toContain('\r');
    const records = readCsv(csv);
    expect(records).toHaveLength(full.rows.length);
    const stepsPerVariant = new Map<string, number>();
    for (const r of records) stepsPerVariant.set(`${r.scenario}/${r.variant}`, (stepsPerVariant.get(`${r.scenario}/${r.variant}`) ?? 0) + 1);
    expect([...stepsPerVariant.keys()]).toEqual(selectedVariants({ quick: false, filter: undefined }).map(({ scenario, variant }) => `${scenario.name}/${variant.name}`));
    for (const scenario of scenarioMatrix) {
      expect(new Set(records.filter((r) => r.scenario === scenario.name).map((r) => r.seed))).toEqual(new Set([String(scenario.seed)]));
    }
  });

  it('covers the whole matrix: orders by behaviour and credential, notes by operation and line, graph vs REST', () => {
    const variants = new Set(full.summaries.map((s) => `${s.scenario}/${s.variant}`));
    for (const behaviour of ['login-only', 'owner-check']) for (const credential of ['session', 'token']) expect(variants).toContain(`orders/${behaviour}-${credential}`);
    for (const line of ['stable', 'unstable']) {
      for (const operation of ['put', 'delete', 'post-naive', 'post-safe', 'post-keyed']) expect(variants).toContain(`notes/${operation}-${line}`);
    }
    for (const v of ['rest-waterfall', 'rest-parallel', 'graph-post', 'graph-persisted-cold', 'graph-persisted-warm']) expect(variants).toContain(`graph-vs-rest/${v}`);
    const auths = new Set(full.rows.filter((r) => r.scenario === 'orders').map((r) => r.auth));
    expect(auths).toEqual(new Set(['session:alice', 'session:bob', 'token:alice', 'token:bob', 'none']));
    expect(full.rows.some((r) => r.scenario === 'notes-cache' && r.cache_hits === 1)).toBe(true);
    expect(full.rows.some((r) => r.scenario === 'notes-cache' && r.cache_hits === 0 && r.method === 'GET')).toBe(true);
  });

  it('gives every single request the latency of the timing model by hand: 60 + 15 + 60 ms + 4 µs a byte each way', () => {
    const single = full.rows.filter((r) => r.attempts === 1 && r.outcome === 'response' && alone(r, full.rows));
    expect(single.length).toBeGreaterThan(50);
    for (const r of single) {
      const bytesUs = usPerByte * (r.request_bytes + r.response_bytes);
      // A hit never reaches the origin: its LAN hop is 0 ms at unlimited bandwidth, and it answers in 0 ms.
      const expectedUs = r.cache_hits === 1 ? 2 * wanOneWayUs + bytesUs : wanOneWayUs + originUs + wanOneWayUs + bytesUs;
      expect([r.scenario, r.variant, r.step, Math.round(r.latency_ms! * 1000)]).toEqual([r.scenario, r.variant, r.step, expectedUs]);
    }
    // And the file says so with three decimals: the graph POST is 188 B up, 919 B down.
    const post = readCsv(csv).find((r) => r.variant === 'graph-post')!;
    expect([post.request_bytes, post.response_bytes, post.latency_ms]).toEqual(['188', '919', (135 + 0.004 * (188 + 919)).toFixed(3)]);
  });

  it('writes the final-state figure each scenario is about', () => {
    const figure = (variant: string) => full.summaries.find((s) => s.variant === variant)!;
    expect([figure('login-only-session').state_figure, figure('login-only-session').state_value]).toEqual(['order_121_address', '9 Mallory Street']);
    expect(figure('owner-check-token').state_value).toBe('1 Apple Lane');
    expect([figure('post-naive-unstable').state_figure, figure('post-naive-unstable').state_value]).toEqual(['notes_count', '2']);
    expect(figure('post-keyed-unstable').state_value).toBe('1');
    expect(figure('post-safe-unstable').state_value).toBe('1');
    expect(figure('delete-unstable').state_value).toBe('0');
    expect(figure('no-invalidation').state_value).toBe('first');
    expect(figure('write-then-read').state_value).toBe('second');
  });

  it('shows an unknown outcome as empty status and latency, not as zero', () => {
    const safe = readCsv(csv).find((r) => r.variant === 'post-safe-unstable')!;
    expect([safe.status, safe.latency_ms, safe.outcome, safe.attempts]).toEqual(['', '', 'unknown', '1']);
  });
});

describe('reports/scenario-summary.csv', () => {
  it('has one row per variant, its totals consistent with the rows', () => {
    expect(summaryCsv(full.summaries).split('\n')[0]).toBe(summaryColumns.join(','));
    for (const s of full.summaries) {
      const rows = full.rows.filter((r) => r.scenario === s.scenario && r.variant === s.variant && r.phase === 'measured');
      expect(s.exchanges).toBe(rows.length);
      expect(s.origin_requests).toBe(rows.reduce((n, r) => n + r.origin_requests, 0));
      expect(s.cache_hits).toBe(rows.reduce((n, r) => n + r.cache_hits, 0));
      expect(s.round_trips).toBe(rows.reduce((n, r) => n + r.attempts, 0)); // every attempt is one request on the WAN
    }
  });

  it('counts every copy on the wire: the naive re-send doubles the bytes each way', () => {
    const naive = full.summaries.find((s) => s.variant === 'post-naive-unstable')!;
    expect([naive.round_trips, naive.request_bytes, naive.response_bytes, naive.origin_requests]).toEqual([2, 44, 58, 2]);
  });
});

describe('runScenarioMatrix options', () => {
  it('--quick runs fewer variants but keeps every scenario, so the file stays whole', async () => {
    const quick = await runScenarioMatrix({ quick: true, filter: undefined });
    expect(quick.summaries.length).toBeLessThan(full.summaries.length);
    expect(new Set(quick.summaries.map((s) => s.scenario))).toEqual(new Set(scenarioMatrix.map((s) => s.name)));
    expect(matrixCsv(quick.rows)).toBe(matrixCsv(full.rows.filter((r) => quick.summaries.some((s) => s.scenario === r.scenario && s.variant === r.variant))));
  });

  it('filters on scenario/variant and reports progress', async () => {
    const progress: string[] = [];
    const result = await runScenarioMatrix({ quick: false, filter: /^notes\/post-.*-unstable$/, onProgress: (done, total, label) => progress.push(`${done}/${total} ${label}`) });
    expect(progress).toEqual(['1/3 notes/post-naive-unstable', '2/3 notes/post-safe-unstable', '3/3 notes/post-keyed-unstable']);
    expect(result.rows.map((r) => r.variant)).toEqual(['post-naive-unstable', 'post-safe-unstable', 'post-keyed-unstable']);
  });
});

describe('matrixCsv', () => {
  it('writes milliseconds with three decimals, nothing as an empty cell, and quotes only what needs it', () => {
    const row: MatrixRow = {
      scenario: 's', variant: 'v', seed: 7, step: 1, phase: 'measured', client: 'client', auth: 'none', method: 'GET', path: '/a,b"c',
      status: null, attempts: 3, outcome: 'unknown', start_ms: 0.5, latency_ms: null, request_bytes: 0, response_bytes: 12,
      origin_requests: 2, cache_hits: 0, state_figure: 'notes_count', state_value: '1',
    };
    expect(matrixCsv([row, { ...row, status: 200, latency_ms: 135.48, outcome: 'response' }])).toBe(
      `${matrixColumns.join(',')}\n`
        + 's,v,7,1,measured,client,none,GET,"/a,b""c",,3,unknown,0.500,,0,12,2,0,notes_count,1\n'
        + 's,v,7,1,measured,client,none,GET,"/a,b""c",200,3,response,0.500,135.480,0,12,2,0,notes_count,1\n',
    );
  });
});
