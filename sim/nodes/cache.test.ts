import { afterEach, describe, expect, it, vi } from 'vitest';
import { WriteFence } from '../../src/cache/write-fence.js';
import { defaultClientSettings } from '../../src/client/settings.js';
import { type Headers, type HttpRequest, type HttpResponse, request, response } from '../../src/http/message.js';
import { renderTimeline } from '../../api/cli/render/timeline.js';
import { duplication } from '../faults/duplication.js';
import { type FaultRule, pass } from '../faults/fault-rule.js';
import type { Exchange } from '../exchange.js';
import { RngStreams } from '../rng.js';
import { Simulation } from '../simulation.js';
import { defaultTopologySettings, Topology, type TopologySettings } from '../topology.js';
import { Trace, type TraceMode } from '../trace.js';

/**
 * A stand-in origin: notes by path, whose GET answers carry the cache headers a test gives, name who asked
 * (so a response served to the wrong caller shows), and honour If-None-Match with a 304.
 */
class TestOrigin {
  readonly notes = new Map<string, string>();
  versions = 0;
  constructor(readonly cacheHeaders: Headers) {}

  handle(req: HttpRequest): HttpResponse {
    const content = this.notes.get(req.path);
    if (req.method === 'PUT') {
      this.notes.set(req.path, (JSON.parse(req.body!) as { content: string }).content);
      this.versions++;
      return response(200, { 'content-type': 'application/json' }, req.body);
    }
    if (req.method !== 'GET') return response(405);
    if (content === undefined) return response(404);
    const caller = req.headers.authorization ?? req.headers.cookie ?? 'anyone';
    const etag = `"${this.versions}"`;
    const headers = { ...this.cacheHeaders, ...(this.cacheHeaders.etag === undefined ? {} : { etag }) };
    if (this.cacheHeaders.etag !== undefined && req.headers['if-none-match'] === etag) return response(304, headers);
    return response(200, { 'content-type': 'application/json', ...headers }, JSON.stringify({ content, for: caller }));
  }

  state(): { readonly notes: readonly (readonly [string, string])[] } {
    return { notes: [...this.notes] };
  }
}

interface Step {
  readonly atUs: number;
  readonly client: string;
  readonly req: HttpRequest;
}

async function run(origin: TestOrigin, steps: readonly Step[], settings: Partial<TopologySettings> = {}, traceMode: TraceMode = 'full') {
  const sim = new Simulation();
  const trace = new Trace(traceMode);
  const top = new Topology({ sim, trace, streams: new RngStreams(1), origin, settings: { ...defaultTopologySettings, ...settings }, clientSettings: defaultClientSettings });
  const exchanges: Exchange[] = [];
  steps.forEach((step, i) => sim.schedule(step.atUs, () => void (exchanges[i] = top.client(step.client).start(step.req))));
  await sim.run();
  const cacheNotes = trace.events.filter((e) => e.kind === 'cache').map((e) => `#${e.exchangeId} ${e.note}`);
  return { top, trace, exchanges, cacheNotes };
}

const get = (path = '/notes/1', headers: Headers = {}): HttpRequest => request('GET', path, headers);
const put = (content: string, path = '/notes/1'): HttpRequest => request('PUT', path, { 'content-type': 'application/json' }, JSON.stringify({ content }));
const bodyOf = (x: Exchange | undefined): unknown => JSON.parse(x?.response?.body ?? 'null');

function originWith(cacheHeaders: Headers, notes: Record<string, string> = { '/notes/1': 'milk' }): TestOrigin {
  const origin = new TestOrigin(cacheHeaders);
  for (const [path, content] of Object.entries(notes)) origin.notes.set(path, content);
  return origin;
}

const seconds = (s: number): number => s * 1_000_000;

describe('the cache node in the topology', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([0, 5_000])('answers a repeat GET within freshness itself (cacheHitUs %i): 2 × 60 ms + 4 µs/byte + cacheHitUs, origin untouched', async (cacheHitUs) => {
    const origin = originWith({ 'cache-control': 'max-age=60' });
    const { top, exchanges, cacheNotes } = await run(origin, [
      { atUs: 0, client: 'client', req: get() },
      { atUs: seconds(1), client: 'client', req: get() },
    ], { cacheHitUs });
    const [first, second] = exchanges;
    const bytes = first!.response!.bodyBytes;
    expect(first!.latencyUs).toBe(135_000 + bytes * 4);
    expect(second!.latencyUs).toBe(2 * 60_000 + bytes * 4 + cacheHitUs);
    expect(second!.response).toMatchObject({ status: 200, body: first!.response!.body, headers: { age: '1' } });
    expect(top.origin.requestsHandled).toBe(1);
    expect(cacheNotes).toEqual(['#1 miss', '#1 stored max-age=60', '#2 hit age=1']);
    expect(top.cache).toMatchObject({ hits: 1, misses: 1, stores: 1, invalidations: 0, revalidations: 0 });
  });

  it('goes to the origin again once the stored response has expired on the virtual clock', async () => {
    const origin = originWith({ 'cache-control': 'max-age=60' });
    const { top, cacheNotes } = await run(origin, [
      { atUs: 0, client: 'client', req: get() },
      { atUs: seconds(60), client: 'client', req: get() }, // reaches the cache 59.925 s after the store: fresh
      { atUs: seconds(61), client: 'client', req: get() }, // 60.925 s after: stale
    ]);
    expect(top.origin.requestsHandled).toBe(2);
    expect(cacheNotes).toEqual(['#1 miss', '#1 stored max-age=60', '#2 hit age=60', '#3 miss: stale', '#3 stored max-age=60']);
  });

  it('never answers a GET after a PUT through it with the content from before the PUT', async () => {
    const origin = originWith({ 'cache-control': 'max-age=60' });
    const { top, exchanges, cacheNotes } = await run(origin, [
      { atUs: 0, client: 'client', req: get() },
      { atUs: seconds(1), client: 'client', req: put('eggs') },
      { atUs: seconds(2), client: 'client', req: get() },
    ]);
    expect(bodyOf(exchanges[0])).toEqual({ content: 'milk', for: 'anyone' });
    expect(bodyOf(exchanges[2])).toEqual({ content: 'eggs', for: 'anyone' });
    expect(top.origin.requestsHandled).toBe(3);
    expect(cacheNotes).toEqual(['#1 miss', '#1 stored max-age=60', '#2 invalidated /notes/1', '#3 miss', '#3 stored max-age=60']);
    expect(top.cache.invalidations).toBe(1);
  });

  it('teeth: with invalidation switched off, the same run serves the old note after the PUT', async () => {
    const origin = originWith({ 'cache-control': 'max-age=60' });
    const { exchanges } = await run(origin, [
      { atUs: 0, client: 'client', req: get() },
      { atUs: seconds(1), client: 'client', req: put('eggs') },
      { atUs: seconds(2), client: 'client', req: get() },
    ], { cache: 'no-invalidation' });
    expect(bodyOf(exchanges[2])).toEqual({ content: 'milk', for: 'anyone' });
  });

  /**
   * Alice's GET leaves first and is answered first, but its response crawls back over the LAN and reaches
   * the cache after Bob's PUT response has passed. Alice may see the old note (her read was concurrent with
   * the write); Carol, who asks well after the write, must not.
   */
  async function readOvertakenByWrite() {
    const slowFirstRead: FaultRule = {
      name: 'slow read',
      applies: 'both',
      decide: (env) => (env.kind === 'response' && env.exchangeId === 1 ? { kind: 'delay', delayUs: 50_000, reason: 'slow read' } : pass),
    };
    const origin = originWith({ 'cache-control': 'max-age=60' });
    const lan = { ...defaultTopologySettings.lan, faults: [slowFirstRead] };
    return run(origin, [
      { atUs: 0, client: 'alice', req: get() },
      { atUs: 0, client: 'bob', req: put('eggs') },
      { atUs: 300_000, client: 'carol', req: get() },
    ], { lan });
  }

  it('does not store a GET response that the origin made before a write the cache has since passed on', async () => {
    const { exchanges, cacheNotes } = await readOvertakenByWrite();
    expect(bodyOf(exchanges[0])).toEqual({ content: 'milk', for: 'anyone' });
    expect(bodyOf(exchanges[2])).toEqual({ content: 'eggs', for: 'anyone' });
    expect(cacheNotes).toEqual(['#1 miss', '#1 not stored: invalidated in flight', '#3 miss', '#3 stored max-age=60']);
  });

  it('teeth: without the write fence, the late read is stored and Carol gets the old note', async () => {
    vi.spyOn(WriteFence.prototype, 'arrive').mockReturnValue(true);
    const { exchanges } = await readOvertakenByWrite();
    expect(bodyOf(exchanges[2])).toEqual({ content: 'milk', for: 'anyone' });
  });

  it('never serves one caller a private response made for another', async () => {
    const origin = originWith({ 'cache-control': 'private, max-age=60' });
    const { top, exchanges, cacheNotes } = await run(origin, [
      { atUs: 0, client: 'alice', req: get('/notes/1', { authorization: 'Bearer alice' }) },
      { atUs: seconds(1), client: 'bob', req: get('/notes/1', { authorization: 'Bearer bob' }) },
      { atUs: seconds(2), client: 'carol', req: get() },
    ]);
    expect(exchanges.map((x) => (bodyOf(x) as { for: string }).for)).toEqual(['Bearer alice', 'Bearer bob', 'anyone']);
    expect(top.origin.requestsHandled).toBe(3);
    expect(cacheNotes.filter((n) => n.includes('stored'))).toEqual(['#1 not stored: private', '#2 not stored: private', '#3 not stored: private']);
  });

  it('keeps public responses that vary on Authorization and Cookie apart per caller, and shares each with its own caller', async () => {
    const origin = originWith({ 'cache-control': 'public, max-age=60', vary: 'authorization, cookie' });
    const alice = get('/notes/1', { authorization: 'Bearer alice' });
    const aliceByCookie = get('/notes/1', { cookie: 'session=alice' });
    const { top, exchanges, cacheNotes } = await run(origin, [
      { atUs: 0, client: 'alice', req: alice },
      { atUs: seconds(1), client: 'bob', req: get('/notes/1', { authorization: 'Bearer bob' }) },
      { atUs: seconds(2), client: 'alice', req: alice },
      { atUs: seconds(3), client: 'alice', req: aliceByCookie },
      { atUs: seconds(4), client: 'bob', req: get('/notes/1', { cookie: 'session=bob' }) },
      { atUs: seconds(5), client: 'alice', req: aliceByCookie },
    ]);
    expect(exchanges.map((x) => (bodyOf(x) as { for: string }).for)).toEqual([
      'Bearer alice', 'Bearer bob', 'Bearer alice', 'session=alice', 'session=bob', 'session=alice',
    ]);
    expect(top.origin.requestsHandled).toBe(4);
    expect(cacheNotes.filter((n) => n.includes('hit'))).toEqual(['#3 hit age=2', '#6 hit age=2']);
  });

  it('revalidates a stale response with its ETag and gives the client the stored body with 200 on a 304', async () => {
    const origin = originWith({ 'cache-control': 'max-age=1', etag: 'yes' });
    const { top, exchanges, cacheNotes } = await run(origin, [
      { atUs: 0, client: 'client', req: get() },
      { atUs: seconds(2), client: 'client', req: get() },
      { atUs: seconds(2.5), client: 'client', req: get() },
    ]);
    const [first, second, third] = exchanges;
    expect(second!.response).toMatchObject({ status: 200, body: first!.response!.body, headers: { etag: '"0"', age: '0' } });
    // Only the 304 crossed the LAN; the client still receives (and pays for) the whole body.
    expect(second!.latencyUs).toBe(135_000 + first!.response!.bodyBytes * 4);
    expect(third!.response?.status).toBe(200);
    expect(top.origin.requestsHandled).toBe(2);
    expect(cacheNotes).toEqual(['#1 miss', '#1 stored max-age=1', '#2 revalidate: stale', '#2 revalidated max-age=1', '#3 hit age=0']);
    expect(top.cache).toMatchObject({ hits: 1, misses: 2, stores: 1, revalidations: 1 });
  });

  it('passes a duplicated response from upstream through once it has been handled, without storing twice', async () => {
    const origin = originWith({ 'cache-control': 'max-age=60' });
    const lan = { ...defaultTopologySettings.lan, faults: [duplication({ probability: 1, copyDelayUs: 1_000, applies: 'responses' })] };
    const { top, trace } = await run(origin, [{ atUs: 0, client: 'client', req: get() }], { lan });
    expect(top.cache.stores).toBe(1);
    expect(trace.events.filter((e) => e.kind === 'ignore')).toHaveLength(1);
  });

  it('counts with the trace off and records nothing', async () => {
    const origin = originWith({ 'cache-control': 'max-age=60' });
    const { top, trace } = await run(origin, [
      { atUs: 0, client: 'client', req: get() },
      { atUs: seconds(1), client: 'client', req: get() },
    ], {}, 'off');
    expect(trace.count).toBe(0);
    expect(top.cache).toMatchObject({ hits: 1, misses: 1, stores: 1 });
  });

  it('shows its decisions in the timeline', async () => {
    const { trace } = await run(originWith({ 'cache-control': 'max-age=60' }), [{ atUs: 0, client: 'client', req: get() }]);
    expect(renderTimeline(trace.events)).toMatch(/ cache {3}cache {14}#1\.1 {6}200 ← GET \/notes\/1 .* stored max-age=60/);
  });

  it('refuses a negative or fractional cacheHitUs', () => {
    const build = (cacheHitUs: number) => new Topology({ sim: new Simulation(), trace: new Trace('off'), streams: new RngStreams(1), origin: originWith({}), settings: { ...defaultTopologySettings, cacheHitUs }, clientSettings: defaultClientSettings });
    expect(() => build(-1)).toThrow(/cacheHitUs/);
    expect(() => build(0.5)).toThrow(/cacheHitUs/);
  });
});
