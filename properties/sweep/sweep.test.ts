import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allHeld, judge } from '../../sim/scenario/expectations.js';
import { fromFile } from '../../sim/scenario/resolve.js';
import { runScenario } from '../../sim/scenario/run.js';
import { planRun } from '../../sim/host/run-plan.js';
import { asWritten, parseFaultMix } from './fault-mix.js';
import { latencyCsv } from './latency-csv.js';
import { latencyFileName, mergeSweeps } from './merge.js';
import { failed } from './seed-outcome.js';
import { shardRange } from './seed-range.js';
import { sweepCsv } from './sweep-csv.js';
import type { SweepJob } from './sweep-job.js';
import { runSweep, type SweepOptions } from './sweep.js';
import { inProcessRunner } from './worker-pool.js';

const scratch = (name: string) => mkdtempSync(join(tmpdir(), `apisim-sweep-${name}-`));
const lossyMixed: SweepJob = { kind: 'scenario', name: 'notes-lossy-mixed', faults: asWritten };

function sweep(jobs: readonly SweepJob[], first: number, last: number, more: Partial<SweepOptions> = {}) {
  return runSweep({
    jobs, seeds: { first, last }, runner: inProcessRunner(), parallelism: 1, untilFirstFailure: false, timeBudgetMs: undefined,
    settings: { counterexampleFolder: scratch('counterexamples'), simCommand: 'npm run sim --' }, ...more,
  });
}

describe('a sweep of a scenario', () => {
  it('judges every seed by the scenario\'s expect block, and finds the seeds where the safe client\'s late re-sends break linearizability', async () => {
    const report = await sweep([lossyMixed], 1, 120);
    expect(report.outcomes.map((o) => o.seed)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    const failing = report.outcomes.filter(failed);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.length).toBeLessThan(30);
    for (const o of failing) {
      expect(o.findings.join('\n')).toMatch(/^linearizable: note \d is not linearizable/);
      expect(o.replay).toBe(`npm run sim -- --file ${o.counterexample} --seed ${o.seed}`);
    }
    expect(report.outcomes.filter((o) => !failed(o)).every((o) => o.findings.length === 0 && o.counterexample === '')).toBe(true);
    expect(report.stopped).toBe('done');
  });

  it('writes each failing seed as a smaller scenario file that fails the same way when run from the file', async () => {
    const report = await sweep([lossyMixed], 60, 75);
    const failing = report.outcomes.filter(failed);
    expect(failing.length).toBeGreaterThan(0);
    for (const o of failing) {
      const { spec } = await fromFile(o.counterexample);
      expect(spec.steps.length).toBeLessThan(36);
      const rerun = await runScenario('replay', spec, { seed: o.seed });
      const verdicts = judge(spec.expect, rerun);
      expect(allHeld(verdicts)).toBe(false);
      expect(verdicts.find((v) => !v.held)!.expectation).toBe('linearizable');
    }
  });

  it('gives the same report however many batches run at once: each seed\'s verdict is its own', async () => {
    const one = await sweep([lossyMixed], 1, 60);
    const many = await sweep([lossyMixed], 1, 60, { parallelism: 4 });
    const strip = (r: typeof one) => r.outcomes.map((o) => ({ ...o, counterexample: '', replay: '' }));
    expect(strip(many)).toEqual(strip(one));
    expect(latencyCsv(many.latencies)).toBe(latencyCsv(one.latencies));
  });

  it('stops at the first failing seed, and the report ends there whatever the batches in flight did', async () => {
    const whole = await sweep([lossyMixed], 1, 200);
    const firstFailing = whole.outcomes.find(failed)!;
    for (const parallelism of [1, 4]) {
      const report = await sweep([lossyMixed], 1, 200, { untilFirstFailure: true, parallelism });
      expect(report.stopped).toBe('first-failure');
      expect(report.outcomes.at(-1)!.seed).toBe(firstFailing.seed);
      expect(report.outcomes.length).toBe(firstFailing.seed);
      expect(report.outcomes.slice(0, -1).some(failed)).toBe(false);
    }
  });

  it('starts nothing once the time budget is spent, and says so', async () => {
    const report = await sweep([lossyMixed], 1, 50, { timeBudgetMs: 0 });
    expect([report.stopped, report.outcomes.length, report.seedsPlanned]).toEqual(['time-budget', 0, 50]);
  });

  it('runs a scenario under each fault mix given, keyed by the mix in the outcomes and the latencies', async () => {
    const jobs: SweepJob[] = ['none', 'loss=10%'].map((mix) => ({ kind: 'scenario', name: 'latency-mix', faults: parseFaultMix(mix) }));
    const report = await sweep(jobs, 1, 20);
    expect(report.outcomes.filter(failed)).toEqual([]);
    expect([...new Set(report.outcomes.map((o) => o.faults))]).toEqual(['none', 'loss=10%']);
    const put = (faults: string) => report.latencies.find((r) => r.faults === faults && r.request === 'PUT /notes/{id} keyed')!.histogram;
    // No loss: every PUT takes the same 135 ms; at 10%, some wait for a re-send after the 500 ms timeout.
    expect(put('none').maxUs).toBeLessThan(136_000);
    expect(put('loss=10%').maxUs).toBeGreaterThan(600_000);
    expect(report.latencies.map((r) => r.request)).toContain('POST /notes keyed');
  });
});

describe('a sweep of a scenario file on an app', () => {
  it('gives a seed whose run the app stopped the verdict "error", with the reason, and goes on to the next seed', async () => {
    const folder = scratch('app');
    // Its factory throws: no seed's run can start.
    writeFileSync(join(folder, 'refuses.ts'), "export default () => { throw new Error('no database configured'); };\n");
    writeFileSync(join(folder, 'scenario.json'), JSON.stringify({ origin: { module: './refuses.ts', export: 'default' }, steps: [{ method: 'GET', path: '/' }] }));
    const report = await sweep([{ kind: 'file', path: join(folder, 'scenario.json'), faults: asWritten }], 1, 2);
    expect(report.outcomes.map((o) => o.verdict)).toEqual(['error', 'error']);
    expect(report.outcomes[0]!.findings[0]).toMatch(/^the run failed: .*no database configured/);
    expect(report.outcomes[0]!.replay).toBe(`npm run sim -- --file ${join(folder, 'scenario.json')} --seed 1`);
  });
});

describe('a sweep of a scenario file whose steps capture their login', () => {
  // Alice and Bob sign in with the app's own login (express-session), and each later step sends the cookie
  // its user's login was answered with, and the order id the POST answered: captures, not seed 1's values.
  // api/cli/sweep.system.test.ts sweeps 200 seeds of each, as `npm run sweep` does.
  const file = (name: string): SweepJob => ({ kind: 'file', path: `examples/express-orders/${name}.json`, faults: asWritten });

  it('passes every seed on the app that checks the owner, where the cookies seed 1 answered written as they were fail every other seed', async () => {
    const report = await sweep([file('read-others-order-owner-check')], 1, 20);
    expect(report.outcomes.filter(failed).map((o) => `seed ${o.seed}: ${o.findings.join('; ')}`)).toEqual([]);
    const folder = scratch('literal');
    const { spec } = await fromFile('examples/express-orders/read-others-order-owner-check.json');
    const seedOne = await (await planRun({ name: 'x', spec }, 'examples/express-orders/x.json')).run(1);
    const literal = { ...spec, origin: { ...spec.origin!, module: join(process.cwd(), 'examples/express-orders/app.ts') },
      steps: spec.steps.map((step, i) => ({ ...step, capture: undefined, path: seedOne.exchanges[i]!.request.path, headers: seedOne.exchanges[i]!.request.headers })) };
    writeFileSync(join(folder, 'literal.json'), JSON.stringify(literal));
    const written = await sweep([{ kind: 'file', path: join(folder, 'literal.json'), faults: asWritten }], 1, 5);
    expect(written.outcomes.map((o) => o.verdict)).toEqual(['pass', 'fail', 'fail', 'fail', 'fail']);
    expect(written.outcomes[1]!.findings).toEqual(['statuses: expected [204, 201, 200, 204, 403], got [204, 401, 401, 204, 401]: step 2 (POST /orders) got 401, not 201; step 3 (GET /orders/1) got 401, not 200; step 5 (GET /orders/1) got 401, not 403']);
  });

  it('fails on the app that checks login only, Bob reading Alice\'s order, and shrinks to a file that still captures what it sends', async () => {
    const report = await sweep([file('read-others-order')], 1, 20, { untilFirstFailure: true });
    expect(report.outcomes.map((o) => o.verdict)).toEqual(['fail']);
    expect(report.outcomes[0]!.findings).toEqual(['statuses: expected [204, 201, 200, 204, 403], got [204, 201, 200, 204, 200]: step 5 (GET /orders/1) got 200, not 403']);
    const { spec } = await fromFile(report.outcomes[0]!.counterexample);
    expect(spec.steps.map((s) => `${s.method} ${s.path} ${Object.keys(s.capture ?? {}).join(',')}`.trim())).toEqual([
      'POST /login aliceSession', 'POST /orders orderId', 'POST /login bobSession', 'GET /orders/{{orderId}}',
    ]);
  });
});

describe('shards and their merge', () => {
  it('two shards merged are the whole sweep, row for row and histogram for histogram', async () => {
    const whole = await sweep([lossyMixed], 1, 90);
    const folders = await Promise.all([1, 2].map(async (index) => {
      const part = shardRange({ first: 1, last: 90 }, { index, count: 2 })!;
      const report = await sweep([lossyMixed], part.first, part.last);
      const folder = scratch(`shard-${index}`);
      writeFileSync(join(folder, 'sweep.csv'), sweepCsv(report.outcomes));
      writeFileSync(join(folder, latencyFileName), latencyCsv(report.latencies));
      return folder;
    }));
    const merged = mergeSweeps(folders.map((f) => join(f, 'sweep.csv')));
    const strip = (o: readonly { readonly counterexample: string; readonly replay: string }[]) => o.map((x) => ({ ...x, counterexample: '', replay: '' }));
    expect(strip(merged.outcomes)).toEqual(strip(whole.outcomes));
    expect(latencyCsv(merged.latencies)).toBe(latencyCsv(whole.latencies));
  });

  it('refuses shards that overlap, and rows of one seed that disagree, naming the files', async () => {
    const report = await sweep([lossyMixed], 1, 3);
    const a = join(scratch('a'), 'sweep.csv');
    const b = join(scratch('b'), 'sweep.csv');
    writeFileSync(a, sweepCsv(report.outcomes));
    writeFileSync(b, sweepCsv(report.outcomes));
    expect(() => mergeSweeps([a, b])).toThrow(/seed 1 of notes-lossy-mixed \(faults as-written\) is in .* and in .*: shards must not overlap/);
    writeFileSync(b, sweepCsv([{ ...report.outcomes[0]!, traceHash: 'f'.repeat(64) }]));
    expect(() => mergeSweeps([a, b])).toThrow(/with different results .* were they run on different versions\?/);
    writeFileSync(b, 'seed,verdict\n1,pass\n');
    expect(() => mergeSweeps([a, b])).toThrow(/is not a sweep's file: it has no target, faults/);
    expect(readFileSync(a, 'utf8').split('\n')[0]).toBe('seed,target,faults,verdict,findings,trace_hash,events,virtual_ms,exchanges,no_response,latency_p50_ms,latency_p99_ms,latency_max_ms,counterexample,replay');
  });
});

describe('a sweep of a principle', () => {
  it('finds the seed where login-only breaks owner-isolation, with a counterexample that replays', async () => {
    const job: SweepJob = { kind: 'principle', principle: 'owner-isolation', config: undefined, own: { orders: 'login-only' } };
    const report = await sweep([job], 1, 20, { untilFirstFailure: true });
    const last = report.outcomes.at(-1)!;
    expect([report.stopped, last.verdict, last.target]).toEqual(['first-failure', 'fail', 'owner-isolation@apisim-login-only-with-effect']);
    expect(last.findings[0]).toMatch(/other-user's orders object, was answered 2\d\d, not 403 or 404/);
    expect(last.replay).toMatch(/^npm run sim -- --file .*apisim-login-only-with-effect-owner-isolation-seed-\d+\.json --seed \d+$/);
    expect(last.traceHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('passes every seed where the owner is checked', async () => {
    const job: SweepJob = { kind: 'principle', principle: 'owner-isolation', config: undefined, own: {} };
    const report = await sweep([job], 1, 4);
    expect(report.outcomes.map((o) => o.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });
});
