import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { Trace } from './trace.js';
import type { TraceEvent, TraceKind } from './trace-event.js';
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
  /** Its UTF-8 length, then its bytes (without the 0 that comes first when a string is not remembered). */
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
  const siteIds = new Map<string, number>();
  const full = (size: number): void => {
    if (size < 4_096) return;
    ids.clear();
    siteIds.clear();
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
    full(ids.size);
    ids.set(s, ids.size + 1);
  };
  const site = (e: TraceEvent): void => {
    const key = JSON.stringify([e.kind, e.from, e.to, e.link]);
    const id = siteIds.get(key);
    if (id !== undefined) {
      varint(BigInt(id));
      return;
    }
    bytes.push(0);
    for (const name of [e.kind, e.from, e.to, e.link]) string(name);
    full(siteIds.size);
    siteIds.set(key, siteIds.size + 1);
  };
  let lastAtUs = 0;
  const slots = new Map<number, TraceEvent>();
  for (const e of events) {
    const last = slots.get(e.exchangeId & 255);
    const sameExchange = last !== undefined && last.exchangeId === e.exchangeId;
    const sameRequest = sameExchange && last.attempt === e.attempt && last.method === e.method && last.path === e.path;
    const sameResponse = sameExchange && last.status === e.status && last.bytes === e.bytes;
    const noTimes = e.queuedUs === 0 && e.transmitUs === 0;
    const dt = e.atUs - lastAtUs;
    const delta = Number.isSafeInteger(lastAtUs) && lastAtUs >= 0 && Number.isInteger(dt) && dt >= 0 && dt < 2 ** 32 - 1 && e.atUs < 2 ** 53;
    bytes.push((sameRequest ? 1 : 0) | (sameResponse ? 2 : 0) | (noTimes ? 4 : 0) | (e.note === '' ? 8 : 0) | (delta ? 16 : 0));
    site(e);
    number(delta ? dt : e.atUs);
    lastAtUs = e.atUs;
    number(e.exchangeId);
    if (!sameRequest) {
      number(e.attempt);
      string(e.method);
      text(e.path);
    }
    if (!sameResponse) {
      number(e.status);
      number(e.bytes);
    }
    if (!noTimes) {
      number(e.queuedUs);
      number(e.transmitUs);
    }
    if (e.note !== '') string(e.note);
    // The slot's message fields after the event: what a decoder knows of the exchange.
    slots.set(e.exchangeId & 255, sameExchange ? { ...last, ...(sameRequest ? {} : e), ...(sameResponse ? {} : { status: e.status, bytes: e.bytes }) } : e);
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

/**
 * Events the way a run has them, which `events` almost never makes: a few exchanges (two sharing a slot), each
 * message passed on through several sites, time that mostly moves forward a little, a few notes. These reach
 * what the flags leave out (a message or time its exchange's last event had) and when they may not.
 */
const runLikeEvents = fc
  .array(
    fc.record({
      step: fc.oneof({ weight: 8, arbitrary: fc.nat(70_000) }, { weight: 1, arbitrary: numbers }),
      exchangeId: fc.constantFrom(1, 2, 3, 259, 2 ** 31 + 3),
      attempt: fc.constantFrom(1, 1, 1, 2),
      status: fc.constantFrom(0, 0, 200, 204, 503),
      bytes: fc.constantFrom(46, 46, 120, 0),
      path: fc.constantFrom('/notes/1', '/notes/2', '/graphql'),
      method: fc.constantFrom('PUT', 'PUT', 'GET'),
      kind: fc.constantFrom<TraceKind>('send', 'deliver', 'process', 'complete'),
      from: fc.constantFrom('client-0', 'cache', 'origin'),
      link: fc.constantFrom('', '', 'wan:client-0'),
      queuedUs: fc.constantFrom(0, 0, 184),
      transmitUs: fc.constantFrom(0, 0, 232),
      note: fc.constantFrom('', '', '', 'handled in 15.000 ms', 'lost'),
      /** Repeats the previous event's message (same exchange, attempt, method, path, status, bytes), as a hop does. */
      sameMessage: fc.boolean(),
    }),
    { maxLength: 60 },
  )
  .map((steps) => {
    let atUs = 0;
    let previous: TraceEvent | undefined;
    return steps.map(({ step, sameMessage, ...e }): TraceEvent => {
      atUs = Number.isSafeInteger(step) && step >= 0 && step <= 70_000 ? atUs + step : step;
      const message = sameMessage && previous !== undefined ? previous : e;
      const { exchangeId, attempt, status, bytes, path, method } = message;
      previous = { ...e, atUs, to: e.from === 'origin' ? 'cache' : 'origin', exchangeId, attempt, status, bytes, path, method };
      return previous;
    });
  });

const event = (atUs: number, path: string): TraceEvent => ({
  atUs, kind: 'send', from: 'client-0', to: 'cache', exchangeId: 1, attempt: 1, method: 'PUT', path, status: 0, bytes: 46, link: 'wan:client-0', queuedUs: 0, transmitUs: 184, note: '',
});

describe('the trace hash', () => {
  test.prop([events], { numRuns: 200 })('agrees with the encoding written plainly, numbers and strings of every kind', (list) => {
    expect(fastDigest(list)).toBe(plainDigest(list));
  });

  it('agrees across buffer flushes and a dictionary that fills up and starts afresh', () => {
    // 12,000 distinct notes: the dictionary (4,096) starts afresh twice, the buffer flushes many times.
    const list = Array.from({ length: 30_000 }, (_, i) => ({ ...event(i * 1_000_003, `/notes/${i % 12_000}`), note: `note ${i % 12_000}` }));
    expect(fastDigest(list)).toBe(plainDigest(list));
  });

  test.prop([runLikeEvents, runLikeEvents], { numRuns: 300 })('agrees with it on events the way runs have them, directly and through sites', (one, two) => {
    expect(fastDigest(one)).toBe(plainDigest(one));
    expect(hopDigests([one, two])).toEqual([plainDigest(one), plainDigest(two)]);
  });

  it('writes again what an exchange\'s last event had once another exchange took its slot, and tells a changed path apart', () => {
    const first = event(1, '/notes/1');
    const other = { ...first, exchangeId: 257 };
    const again = { ...first, atUs: 2 };
    expect(fastDigest([first, other, again])).toBe(plainDigest([first, other, again]));
    expect(fastDigest([first, other, again])).not.toBe(fastDigest([first, other, { ...again, path: '/notes/2' }]));
    expect(fastDigest([first, again])).not.toBe(fastDigest([first, { ...again, path: '/notes/2' }]));
    expect(fastDigest([first, again])).not.toBe(fastDigest([first, { ...again, bytes: 47 }]));
  });

  test.prop([events, events], { numRuns: 200 })('through sites (`hop`) writes the same bytes, for two runs that share their sites', (one, two) => {
    expect(hopDigests([one, two])).toEqual([plainDigest(one), plainDigest(two)]);
  });

  it('through sites, relearns their ids each time the dictionary starts afresh', () => {
    // New methods fill the dictionary; notes come back, or are new.
    const list = Array.from({ length: 30_000 }, (_, i) => ({
      ...event(i * 1_000_003, `/notes/${i % 12_000}`),
      kind: i % 3 === 0 ? 'deliver' as const : 'send' as const,
      method: i % 2 === 0 ? `M${i}` : 'PUT',
      note: i % 7 === 0 ? `note ${i % 50}` : i % 11 === 0 ? `new ${i}` : '',
    }));
    const [once, again] = [hopDigests([list]), hopDigests([list, list.slice(0, 20_000)])];
    expect(once).toEqual([plainDigest(list)]);
    expect(again).toEqual([plainDigest(list), plainDigest(list.slice(0, 20_000))]);
  });

  it('through sites, writes out again the method an exchange keeps naming once the dictionary has started afresh', () => {
    // One exchange, one method, a new attempt every event and a new note: the notes fill the dictionary, and the
    // method's id from before is no longer valid, though the slot of its exchange last held it.
    const list = Array.from({ length: 10_000 }, (_, i) => ({ ...event(i, '/notes/7'), exchangeId: 7, attempt: i, method: 'PATCH', note: `new ${i}` }));
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
  });

  it('through sites, keeps for an exchange the id its method took in a dictionary that started afresh for it', () => {
    // Every exchange names a new method three times. The method that finds the dictionary full starts it afresh and is
    // its first entry; the site relearns its names on the second event, and the third finds it by its exchange's slot.
    const list = Array.from({ length: 15_000 }, (_, i) => ({ ...event(i, '/notes/1'), exchangeId: Math.floor(i / 3), method: `M${Math.floor(i / 3)}` }));
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
  });

  it('through sites, writes out a note the site knew once the method before it has started the dictionary afresh', () => {
    // Every event a new exchange and method, and the note the site keeps: one method fills the dictionary, and the
    // note after it in that event must not be written with its id from before.
    const list = Array.from({ length: 10_000 }, (_, i) => ({ ...event(i, `/notes/${i}`), exchangeId: i, method: `M${i}`, note: 'handled in 15.000 ms' }));
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
  });

  it('gives a site first seen as its names fill the dictionary its id in the new one', () => {
    // However many entries the dictionary lacks when the new site comes, one of its four new names may fill it.
    for (let missing = 0; missing <= 6; missing++) {
      const filling = Array.from({ length: 4_096 - 5 - missing }, (_, i) => ({ ...event(i, '/notes/1'), exchangeId: i, method: `M${i}` }));
      const site = { ...event(5_000, '/notes/0'), kind: 'deliver' as const, from: 'client-9', to: 'cache-9', link: 'wan:client-9' };
      const list = [...filling, site, { ...site, atUs: 5_001 }, { ...filling[0]!, atUs: 5_002 }];
      expect({ missing, hashes: hopDigests([list]) }).toEqual({ missing, hashes: [plainDigest(list)] });
      expect({ missing, hash: fastDigest(list) }).toEqual({ missing, hash: plainDigest(list) });
    }
  });

  it('through sites, writes in one step only what the step-by-step encoding would write the same, at every bound', () => {
    // `hop` writes a known message's event in place when its numbers are uint32 varints and its ids one byte: each
    // case sits on a bound of that shortcut, after a request that fills the exchange's slot, and from the second
    // round on at a site whose id the fillers pushed past one byte.
    const last = 2 ** 32 - 2;
    const cases: Partial<TraceEvent>[] = [
      { atUs: last }, { atUs: last + 1 }, { atUs: 2 ** 21 }, { atUs: 10 }, { exchangeId: last }, { exchangeId: last + 1 },
      { exchangeId: -1 }, { exchangeId: -0 }, { exchangeId: 2 ** 32 + 5 }, { status: last }, { status: last + 1 }, { status: -200 },
      { bytes: last }, { bytes: last + 1 }, { bytes: 0.5 }, { queuedUs: last, transmitUs: 1 }, { queuedUs: 1, transmitUs: last + 1 },
      { queuedUs: -1, transmitUs: 1 }, { path: ['/notes', '1'].join('/') }, { path: '/notes/2' }, { method: 'GET' }, { attempt: 2 },
      { note: 'lost' }, { kind: 'deliver' },
    ];
    const list: TraceEvent[] = [];
    const add = (e: TraceEvent): void => {
      list.push({ ...e, atUs: (list.at(-1)?.atUs ?? 0) + e.atUs });
    };
    let request = { ...event(10, '/notes/1'), exchangeId: 5 };
    for (let round = 0; round < 3; round++) {
      // A note's id past one byte at a site whose id is not (the first site), after one or the other at the last.
      const note = round === 0 ? 'handled in 15.000 ms' : 'note 0 129';
      for (const change of [...cases, { note }, { note, from: 'client-0' }]) {
        add(request);
        add({ ...request, ...change, atUs: change.atUs ?? 1 });
        add({ ...request, ...change, atUs: 2 });
      }
      // 130 new sites, each with a new note, before the next round.
      for (let i = 0; i < 130; i++) add({ ...request, from: `client-${i}`, note: `note ${round} ${i}`, atUs: 1 });
      request = { ...request, from: 'client-129' };
    }
    // A time from 2^53 on, a small distance after the last: written as itself.
    list.push({ ...request, atUs: 2 ** 53 - 2 }, { ...request, atUs: 2 ** 53 }, { ...request, atUs: 2 ** 53 + 2 });
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
    expect(fastDigest(list)).toBe(plainDigest(list));
  });

  it('through sites, flushes the buffer between events of one message as the step-by-step encoding does', () => {
    // 30,000 events of one message, each a few bytes: hundreds of kilobytes, all but the first two on the shortcut.
    const list = Array.from({ length: 30_000 }, (_, i) => ({ ...event(i * 70_001, '/notes/1'), queuedUs: i % 300, note: i % 2 === 0 ? 'lost' : '' }));
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
  });

  it('through sites, writes out every time a method or note too long to remember', () => {
    const long = { ...event(1, '/notes/1'), method: 'M'.repeat(100), note: 'n'.repeat(65) };
    // The first event teaches the site its names; each later one would find the long ones cached.
    const list = [1, 2, 3, 4].map((atUs) => ({ ...long, atUs }));
    expect(hopDigests([list])).toEqual([plainDigest(list)]);
  });

  it('through `add`, tells apart sites whose names differ only where its cache of sites does not look', () => {
    // Same kind, and names of the same lengths and last characters: one slot of the cache, which must compare every name.
    const a = event(0, '/notes/1');
    const list = [a, { ...a, from: 'server-0' }, a, { ...a, to: 'cbche' }, a, { ...a, link: 'wan:server-0' }, a].map((e, atUs) => ({ ...e, atUs }));
    expect(fastDigest(list)).toBe(plainDigest(list));
  });

  it('tells apart traces whose fields only shift a boundary, and -0 from nothing else but 0', () => {
    const a = { ...event(1, 'ab'), link: 'c' };
    const b = { ...event(1, 'a'), link: 'bc' };
    expect(fastDigest([a])).not.toBe(fastDigest([b]));
    expect(fastDigest([event(-0, '/')])).toBe(fastDigest([event(0, '/')]));
    expect(fastDigest([event(1, '/')])).not.toBe(fastDigest([event(0, '/')]));
    // A time from 2^53 on is written as itself, never as a distance that adding back could round.
    const late = [event(2 ** 53 - 2, '/'), event(2 ** 53, '/'), event(2 ** 53 + 2, '/')];
    expect(fastDigest(late)).toBe(plainDigest(late));
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

  // Installs three Node binaries (about 550 MB, a minute): a documented command, not a CI step (docs/decisions/trace-hash.md).
  it.runIf(process.env.APISIM_CROSS_NODE === '1')('gives the golden hashes on Node 20, 22 and 26', () => {
    expect(execFileSync('node', ['--import', 'tsx', 'api/cli/cross-node-hashes.ts'], { encoding: 'utf8' })).toContain('every hash matches on Node 20, 22, 26');
  }, 600_000);
});
