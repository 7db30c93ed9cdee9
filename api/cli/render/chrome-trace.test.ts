import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtin } from '../../../sim/scenario/resolve.js';
import { runScenario } from '../../../sim/scenario/run.js';
import type { TraceEvent } from '../../../sim/trace-event.js';
import { type ChromeTrace, type ChromeTraceEvent, chromeTrace, writeChromeTrace } from './chrome-trace.js';

async function traced(name: string, seed = 1): Promise<{ events: readonly TraceEvent[]; trace: ChromeTrace }> {
  const { spec } = builtin(name, seed);
  const run = await runScenario(name, spec, { seed });
  return { events: run.trace.events, trace: chromeTrace(run.trace.events, { scenario: name, seed }) };
}

const timed = (trace: ChromeTrace): ChromeTraceEvent[] => trace.traceEvents.filter((e) => e.ph !== 'M');

function threadNames(trace: ChromeTrace): Map<number, string> {
  return new Map(trace.traceEvents.filter((e) => e.name === 'thread_name').map((e) => [e.tid, String(e.args!.name)]));
}

/** The format's rule for one thread: two slices either nest or do not overlap. */
function misnested(trace: ChromeTrace): string[] {
  const problems: string[] = [];
  const open = new Map<number, { end: number; name: string }[]>();
  for (const e of timed(trace)) {
    if (e.ph !== 'X' && e.ph !== 'i') continue;
    const stack = open.get(e.tid) ?? [];
    open.set(e.tid, stack);
    while (stack.length > 0 && stack.at(-1)!.end <= e.ts!) stack.pop();
    const end = e.ts! + (e.dur ?? 0);
    const parent = stack.at(-1);
    if (parent !== undefined && end > parent.end) problems.push(`${e.name} at ${e.ts} ends after ${parent.name}`);
    stack.push({ end, name: e.name });
  }
  return problems;
}

describe('chromeTrace on a real run', () => {
  it('is a JSON object in the Trace Event Format, displayTimeUnit first', async () => {
    const { trace } = await traced('notes-unstable-post');
    const json = JSON.stringify(trace);
    expect(json.startsWith('{"displayTimeUnit":"ms","traceEvents":[')).toBe(true);
    expect(JSON.parse(json)).toEqual(trace);
    expect(trace.otherData).toEqual({ generator: 'apisim', scenario: 'notes-unstable-post', seed: 1 });
  });

  it('gives every event the fields its phase needs', async () => {
    const { trace } = await traced('notes-unstable-post');
    for (const e of trace.traceEvents) {
      expect(e.name).not.toBe('');
      expect(Number.isInteger(e.pid) && Number.isInteger(e.tid)).toBe(true);
      if (e.ph === 'M') {
        expect(e.args?.name ?? e.args?.sort_index).toBeDefined();
        continue;
      }
      expect(Number.isInteger(e.ts) && e.ts! >= 0).toBe(true);
      expect(e.cat).toBeTruthy();
      if (e.ph === 'X') expect(Number.isInteger(e.dur) && e.dur! >= 0).toBe(true);
      if (e.ph === 'i') expect(e.s).toBe('t');
      if (e.ph === 'b' || e.ph === 'e') expect(e.id).toBeTruthy();
      for (const value of Object.values(e.args ?? {})) expect(['string', 'number']).toContain(typeof value);
    }
  });

  it('names one process for the run and one thread for every node', async () => {
    const { events, trace } = await traced('notes-cache-hit');
    const names = threadNames(trace);
    expect([...names.values()]).toEqual(['alice', 'bob', 'cache', 'origin']);
    for (const e of events) {
      expect([...names.values()]).toContain(e.from);
      expect([...names.values()]).toContain(e.to);
    }
    for (const e of timed(trace)) expect(names.has(e.tid)).toBe(true);
    expect(trace.traceEvents.filter((e) => e.name === 'process_name').map((e) => e.args!.name)).toEqual(['apisim notes-cache-hit (seed 1)']);
  });

  it('keeps time non-decreasing on every thread, in virtual µs as they were', async () => {
    const { events, trace } = await traced('notes-lossy-mixed', 7);
    const last = new Map<number, number>();
    for (const e of timed(trace)) {
      expect(e.ts!).toBeGreaterThanOrEqual(last.get(e.tid) ?? 0);
      last.set(e.tid, e.ts!);
    }
    expect(Math.max(...timed(trace).map((e) => e.ts! + (e.dur ?? 0)))).toBe(Math.max(...events.map((e) => e.atUs)));
  });

  it('shows each transmission as a complete slice lasting its serialization time', async () => {
    const { events, trace } = await traced('notes-queued-transmitter');
    const sends = events.filter((e) => e.kind === 'send');
    const slices = timed(trace).filter((e) => e.cat === 'transmit');
    expect(slices).toHaveLength(sends.length);
    for (const send of sends) {
      const slice = slices.find((s) => s.args!.link === send.link && s.args!.exchange === `#${send.exchangeId}.${send.attempt}` && s.args!.status === send.status);
      expect(slice).toMatchObject({ ph: 'X', ts: send.atUs + send.queuedUs, dur: send.transmitUs, args: { queued_us: send.queuedUs, bytes: send.bytes } });
    }
    // The second PUT waits for the first on the FIFO transmitter, so its slice starts where the first ends.
    const [first, second] = slices.filter((s) => s.args!.link === 'wan:client' && s.args!.status === 0);
    expect(second!.ts).toBe(first!.ts! + first!.dur!);
  });

  it('joins every delivered message to its arrival by a flow, and bars the hop as an async slice', async () => {
    const { events, trace } = await traced('notes-unstable-post');
    const out = timed(trace).filter((e) => e.flow_out === true);
    const into = timed(trace).filter((e) => e.flow_in === true);
    expect(out).toHaveLength(events.filter((e) => e.kind === 'deliver').length);
    expect(into.map((e) => e.bind_id).sort()).toEqual(out.map((e) => e.bind_id).sort());
    for (const o of out) {
      const i = into.find((e) => e.bind_id === o.bind_id)!;
      expect(trace.traceEvents.indexOf(o)).toBeLessThan(trace.traceEvents.indexOf(i));
    }
    const begins = timed(trace).filter((e) => e.ph === 'b');
    const ends = timed(trace).filter((e) => e.ph === 'e');
    expect(begins).toHaveLength(events.filter((e) => e.kind === 'deliver' || e.kind === 'drop').length);
    for (const b of begins) {
      const e = ends.find((x) => x.id === b.id)!;
      expect(e.name).toBe(b.name);
      expect(e.ts).toBeGreaterThanOrEqual(b.ts!);
    }
    // The lost response: its hop ends where it would have arrived, and no arrow points at the client.
    expect(ends.find((e) => e.args!.outcome === 'lost')).toMatchObject({ name: 'cache → client', ts: 135_204 });
  });

  it('marks losses, timeouts, re-sends and the end as instants carrying the details', async () => {
    const { trace } = await traced('notes-unstable-post');
    const instants = timed(trace).filter((e) => e.ph === 'i');
    expect(instants.map((e) => `${e.ts} ${e.name}`)).toEqual([
      '135204 LOST 201 ← POST /notes',
      '500000 timeout POST /notes',
      '500000 RE-SEND POST /notes',
      '635204 done 201 ← POST /notes',
    ]);
    expect(instants[0]!.args).toMatchObject({ status: 201, bytes: 29, path: '/notes', attempt: 1, note: 'unstable line: first response of the exchange' });
    expect(instants[2]!.args).toMatchObject({ attempt: 2, note: 'naive policy' });
  });

  it('shows cache decisions and alerts as instants', async () => {
    const hit = await traced('notes-cache-hit');
    expect(timed(hit.trace).filter((e) => e.cat === 'cache').map((e) => e.name)).toContain('cache hit');
    const probe = await traced('orders-sequential-probe');
    expect(timed(probe.trace).find((e) => e.cat === 'alert')).toMatchObject({ name: 'ALERT enumeration', ph: 'i' });
  });

  it('shows the origin handling each request for its processing time', async () => {
    const { trace } = await traced('notes-unstable-post');
    const handled = timed(trace).filter((e) => e.cat === 'process');
    expect(handled.map((e) => [e.ts, e.dur])).toEqual([[60_088, 15_000], [560_088, 15_000]]);
  });

  it('never lets two slices on one thread overlap without nesting, even with many clients at once', async () => {
    for (const seed of [1, 2, 3, 7]) expect(misnested((await traced('notes-lossy-mixed', seed)).trace)).toEqual([]);
  });

  it('is the same bytes for the same run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chrome-trace-'));
    const a = await traced('notes-lossy-mixed', 3);
    const b = await traced('notes-lossy-mixed', 3);
    await writeChromeTrace(join(dir, 'a.json'), a.events, { scenario: 'notes-lossy-mixed', seed: 3 });
    await writeChromeTrace(join(dir, 'b.json'), b.events, { scenario: 'notes-lossy-mixed', seed: 3 });
    const [textA, textB] = await Promise.all([readFile(join(dir, 'a.json'), 'utf8'), readFile(join(dir, 'b.json'), 'utf8')]);
    expect(textA).toBe(textB);
    expect(JSON.parse(textA)).toEqual(a.trace);
  });
});

describe('chromeTrace with the run\'s exchanges', () => {
  it('carries what was said as args: the request on the client\'s sends, the response on its done instant', async () => {
    const { spec } = builtin('notes-unstable-post', 1);
    const run = await runScenario('notes-unstable-post', spec, { seed: 1 });
    const trace = chromeTrace(run.trace.events, { scenario: 'notes-unstable-post', seed: 1 }, run.exchanges);
    const client = [...threadNames(trace)].find(([, name]) => name === 'client')![0];
    const sends = timed(trace).filter((e) => e.name === 'send POST /notes' && e.tid === client);
    expect(sends).toHaveLength(2); // the first attempt and the re-send, each with the same request
    for (const e of sends) {
      expect(e.args).toMatchObject({ request_body: '{"content":"buy milk"}' });
      expect(JSON.parse(String(e.args!.request_headers))).toMatchObject({ 'content-type': 'application/json', cookie: expect.stringMatching(/^sid=/) as unknown });
    }
    const done = timed(trace).filter((e) => e.name.startsWith('done '));
    expect(done).toHaveLength(1);
    expect(done[0]!.args).toMatchObject({ response_body: '{"id":2,"content":"buy milk"}' });
    expect(JSON.parse(String(done[0]!.args!.response_headers))).toMatchObject({ location: '/notes/2' });
    // Nothing else carries them: the cache's and the origin's hops are as they were.
    expect(timed(trace).filter((e) => e.args?.request_body !== undefined || e.args?.response_body !== undefined)).toHaveLength(3);
    // Without exchanges, the same trace minus those args.
    const bare = chromeTrace(run.trace.events, { scenario: 'notes-unstable-post', seed: 1 });
    expect(bare.traceEvents).toHaveLength(trace.traceEvents.length);
    expect(timed(bare).some((e) => e.args?.request_body !== undefined)).toBe(false);
  });
});

describe('chromeTrace lanes', () => {
  const send = (atUs: number, to: string, transmitUs: number, exchangeId: number): TraceEvent => ({
    atUs, kind: 'send', from: 'cache', to, exchangeId, attempt: 1, method: 'GET', path: '/notes/1', status: 200, bytes: transmitUs / 4,
    link: `wan:${to}`, queuedUs: 0, transmitUs, note: '',
  });

  it('moves a slice that would overlap another on the same node to a second thread for that node', () => {
    // The cache answers alice and bob at once, each on their own line: two transmissions in parallel.
    const trace = chromeTrace([send(0, 'alice', 400, 1), send(100, 'bob', 400, 2)], { scenario: 'parallel', seed: 1 });
    expect([...threadNames(trace).values()]).toEqual(['alice', 'bob', 'cache', 'cache (2)']);
    expect(misnested(trace)).toEqual([]);
    const tids = timed(trace).map((e) => e.tid);
    expect(new Set(tids).size).toBe(2);
  });

  it('keeps slices that nest, or follow each other, on the node\'s own thread', () => {
    const trace = chromeTrace([send(0, 'alice', 400, 1), send(400, 'bob', 400, 2)], { scenario: 'serial', seed: 1 });
    expect([...threadNames(trace).values()]).toEqual(['alice', 'bob', 'cache']);
  });
});
