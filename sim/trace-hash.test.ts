import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { Trace, type TraceEvent, type TraceKind } from './trace.js';
import { TraceHash } from './trace-hash.js';
import { TraceSite } from './trace-site.js';
import { computedGoldenHashes, goldenTraces } from './trace-hash-golden.js';
import { builtin } from './scenario/resolve.js';
import { runScenario } from './scenario/run.js';

/**
 * The encoding written the plainest way (an array of bytes, BigInt varints, TextEncoder, one SHA-256 at the
 * end): the specification `TraceHash`'s buffered, cached, flushed version must agree with byte for byte.
 */
function plainDigest(events: readonly TraceEvent[]): string {
  const bytes: number[] = [];
  const ids = new Map<string, number>();
  const varint = (value: bigint): void => {
    while (value > 0x7fn) {
      bytes.push(Number(value & 0x7fn) | 0x80);
      value >>= 7n;
    }
    bytes.push(Number(value));
  };
  const sha = createHash('sha256');
  const text = (s: string): void => {
    const utf8 = new TextEncoder().encode(s);
    varint(BigInt(utf8.length));
    sha.update(Uint8Array.from(bytes.splice(0)));
    sha.update(utf8);
  };
  const number = (n: number): void => {
    if (Number.isSafeInteger(n) && n >= 0 && n < Number.MAX_SAFE_INTEGER) varint(BigInt(n) + 1n);
    else {
      bytes.push(0);
      text(String(n));
    }
  };
  const string = (s: string): void => {
    const id = ids.get(s);
    if (id !== undefined) {
      varint(BigInt(id));
      return;
    }
    bytes.push(0);
    text(s);
    if (s.length > 64) return;
    if (ids.size === 4_096) ids.clear();
    ids.set(s, ids.size + 1);
  };
  for (const e of events) {
    number(e.atUs);
    string(e.kind);
    string(e.from);
    string(e.to);
    number(e.exchangeId);
    number(e.attempt);
    number(e.status);
    string(e.method);
    string(e.path);
    number(e.bytes);
    string(e.link);
    number(e.queuedUs);
    number(e.transmitUs);
    string(e.note);
  }
  return sha.update(Uint8Array.from(bytes)).digest('hex');
}

function fastDigest(events: readonly TraceEvent[]): string {
  const hash = new TraceHash();
  for (const e of events) hash.add(e);
  return hash.digest();
}

/** The events through `hop`, one `TraceSite` per kind and names, the sites shared by every hash of `sites`. */
function hopDigests(lists: readonly (readonly TraceEvent[])[], sites = new Map<string, TraceSite>()): string[] {
  const hashes = lists.map(() => new TraceHash());
  const longest = Math.max(0, ...lists.map((list) => list.length));
  // Interleaved, event by event: a site that two runs share must never lend one run's ids to the other.
  for (let i = 0; i < longest; i++) {
    lists.forEach((list, h) => {
      const e = list[i];
      if (e === undefined) return;
      const key = JSON.stringify([e.kind, e.from, e.to, e.link]);
      let site = sites.get(key);
      if (site === undefined) {
        site = new TraceSite(e.kind, e.from, e.to, e.link);
        sites.set(key, site);
      }
      hashes[h]!.hop(site, e.atUs, e.exchangeId, e.attempt, e.status, e.method, e.path, e.bytes, e.queuedUs, e.transmitUs, e.note);
    });
  }
  return hashes.map((hash) => hash.digest());
}

const kinds: readonly TraceKind[] = ['send', 'deliver', 'drop', 'process', 'complete', 'cache'];
/** Past the 64 KiB buffer, and long non-ASCII: the paths that leave the ASCII copy. */
const longStrings = ['x'.repeat(70_000), 'é'.repeat(40_000), 'a'.repeat(65_400), `${'b'.repeat(100)}🙂`];
const strings = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('', 'client-0', 'client-1', 'cache', 'origin', '/notes/1', 'wan:client-0', 'PUT') },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.oneof({ weight: 9, arbitrary: fc.constant('handled in 15.000 ms') }, { weight: 1, arbitrary: fc.constantFrom(...longStrings) }) },
);
const numbers = fc.oneof(
  { weight: 6, arbitrary: fc.nat(300) },
  { weight: 2, arbitrary: fc.constantFrom(0x7fff_ffff, 0xffff_fffe, 0xffff_ffff, 2 ** 32, 2 ** 40 + 3, Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -1_000, max: -1 }) },
);
const events = fc.array(
  fc.record({
    atUs: numbers, kind: fc.constantFrom(...kinds), from: strings, to: strings, exchangeId: numbers, attempt: numbers, method: strings,
    path: strings, status: numbers, bytes: numbers, link: strings, queuedUs: numbers, transmitUs: numbers, note: strings,
  }),
  { maxLength: 40 },
);

const event = (atUs: number, path: string): TraceEvent => ({
  atUs, kind: 'send', from: 'client-0', to: 'cache', exchangeId: 1, attempt: 1, method: 'PUT', path, status: 0, bytes: 46, link: 'wan:client-0', queuedUs: 0, transmitUs: 184, note: '',
});

describe('the trace hash', () => {
  test.prop([events], { numRuns: 200 })('agrees with the encoding written plainly, numbers and strings of every kind', (list) => {
    expect(fastDigest(list)).toBe(plainDigest(list));
  });

  it('agrees across buffer flushes and a dictionary that fills up and starts afresh', () => {
    // 12,000 distinct paths: the dictionary (4,096) starts afresh twice, the buffer flushes many times.
    const list = Array.from({ length: 30_000 }, (_, i) => event(i * 1_000_003, `/notes/${i % 12_000}`));
    expect(fastDigest(list)).toBe(plainDigest(list));
  });

  test.prop([events, events], { numRuns: 200 })('through sites (`hop`) writes the same bytes, for two runs that share their sites', (one, two) => {
    expect(hopDigests([one, two])).toEqual([plainDigest(one), plainDigest(two)]);
  });

  it('through sites, relearns their ids each time the dictionary starts afresh', () => {
    // New paths and now and then a new method fill the dictionary; notes come back, or are new.
    const list = Array.from({ length: 30_000 }, (_, i) => ({
      ...event(i * 1_000_003, `/notes/${i % 12_000}`),
      kind: i % 3 === 0 ? 'deliver' as const : 'send' as const,
      method: i % 5 === 0 ? `M${i}` : 'PUT',
      note: i % 7 === 0 ? `note ${i % 50}` : i % 11 === 0 ? `new ${i}` : '',
    }));
    const [once, again] = [hopDigests([list]), hopDigests([list, list.slice(0, 20_000)])];
    expect(once).toEqual([plainDigest(list)]);
    expect(again).toEqual([plainDigest(list), plainDigest(list.slice(0, 20_000))]);
  });

  it('through sites, writes out again the path an exchange keeps naming once the dictionary has started afresh', () => {
    // One exchange, one path, and a new note every event: the notes fill the dictionary, and the path's id from
    // before is no longer valid, though the slot of its exchange last held it.
    const list = Array.from({ length: 10_000 }, (_, i) => ({ ...event(i, '/notes/7'), exchangeId: 7, note: `new ${i}` }));
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
  });

  it('through sites, keeps for an exchange the id its path took in a dictionary that started afresh for it', () => {
    // Every exchange names a new path three times. The path that finds the dictionary full starts it afresh and is its
    // first entry; the site relearns its names on the second event, and the third finds the path by its exchange's slot.
    const list = Array.from({ length: 15_000 }, (_, i) => ({ ...event(i, `/notes/${Math.floor(i / 3)}`), exchangeId: Math.floor(i / 3) }));
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
  });

  it('through sites, writes out every time a method or note too long to remember', () => {
    const long = { ...event(1, '/notes/1'), method: 'M'.repeat(100), note: 'n'.repeat(65) };
    // The first event teaches the site its names; each later one would find the long ones cached.
    const list = [1, 2, 3, 4].map((atUs) => ({ ...long, atUs }));
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
  });

  it('tells apart traces whose fields only shift a boundary, and -0 from nothing else but 0', () => {
    const a = { ...event(1, 'ab'), link: 'c' };
    const b = { ...event(1, 'a'), link: 'bc' };
    expect(fastDigest([a])).not.toBe(fastDigest([b]));
    expect(fastDigest([event(-0, '/')])).toBe(fastDigest([event(0, '/')]));
    expect(fastDigest([event(1, '/')])).not.toBe(fastDigest([event(0, '/')]));
  });

  it('is what `Trace` reports, and digesting midway does not change what follows', () => {
    const trace = new Trace('hash');
    const list = [event(1, '/notes/1'), event(2, '/notes/2')];
    trace.record(list[0]!);
    trace.digest();
    trace.record(list[1]!);
    expect(trace.digest()).toBe(plainDigest(list));
  });

  it('pins the golden scenarios to their hashes (the same on Node 20, 22 and 26: `npm run cross-node-hashes`)', async () => {
    expect(await computedGoldenHashes()).toEqual(goldenTraces);
  });

  it('in `hash` mode, which builds no events, hashes exactly the events `full` mode keeps', async () => {
    for (const { scenario, seed, hash } of goldenTraces) {
      const kept = await runScenario(scenario, builtin(scenario, seed).spec, { seed, trace: 'full' });
      expect({ scenario, hash: plainDigest(kept.trace.events) }).toEqual({ scenario, hash });
    }
  });

  // Installs three Node binaries (about 550 MB, a minute): a documented command, not a CI step (docs/decisions.md).
  it.runIf(process.env.APISIM_CROSS_NODE === '1')('gives the golden hashes on Node 20, 22 and 26', () => {
    expect(execFileSync('node', ['--import', 'tsx', 'sim/cli/cross-node-hashes.ts'], { encoding: 'utf8' })).toContain('every hash matches on Node 20, 22, 26');
  }, 600_000);
});
