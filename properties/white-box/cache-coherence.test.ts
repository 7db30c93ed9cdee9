import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { runScenario } from '../../sim/scenario/run.js';
import { parseScenario, type ScenarioInput } from '../../sim/scenario/spec.js';
import { replayCommand } from './counterexample.js';
import { replayable } from './replay.js';

/**
 * Principle (spec §3, RFC 9111 §4.4 and §3.5): when all traffic passes through the shared cache, a GET a
 * client sends after it received a write's response never returns content older than that write; and a
 * private response is never served from the cache, so one caller's copy can never reach another. A cache
 * that ignores §4.4 must fail it.
 *
 * Each client writes only its own note (alice 1, bob 2) and reads either, so "the content of its last
 * acknowledged write" is exactly what its own later reads must see. Requests jitter on the line and some
 * responses are lost; the safe client re-sends, and a write whose outcome stayed unknown is not checked.
 */

const clients = ['alice', 'bob'] as const;
type Op = { readonly kind: 'put'; readonly slot: number; readonly content: string } | { readonly kind: 'delete'; readonly slot: number } | { readonly kind: 'get'; readonly note: number } | { readonly kind: 'profile'; readonly user: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('put' as const), slot: fc.constant(0), content: fc.constantFrom('v1', 'v2') }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), slot: fc.constant(0) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('get' as const), note: fc.integer({ min: 1, max: 2 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('profile' as const), user: fc.integer({ min: 1, max: 2 }) }), weight: 1 },
);
const workload = fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 2 });
const faults = fc.record({ jitterUs: fc.integer({ min: 0, max: 40_000 }), lossPercent: fc.integer({ min: 0, max: 20 }) });
const seed = fc.nat({ max: 1_000_000 });
const ownNote = (client: number, slot: number) => 1 + client + slot;

type Faults = typeof faults extends fc.Arbitrary<infer T> ? T : never;

function scenarioOf(ops: readonly (readonly Op[])[], f: Faults, cache: 'rfc9111' | 'no-invalidation'): ScenarioInput {
  return {
    modes: { cache, client: { maxAttempts: 6 } },
    topology: { wan: { faults: [{ rule: 'loss', applies: 'responses', probability: f.lossPercent / 100 }, { rule: 'delay', jitterUs: f.jitterUs }] } },
    steps: ops.flatMap((list, c) =>
      list.map((o) => {
        const client = clients[c]!;
        switch (o.kind) {
          case 'put':
            return { client, method: 'PUT', path: `/notes/${ownNote(c, o.slot)}`, body: { content: o.content } };
          case 'delete':
            return { client, method: 'DELETE', path: `/notes/${ownNote(c, o.slot)}` };
          case 'get':
            return { client, method: 'GET', path: `/notes/${o.note}` };
          default:
            return { client, method: 'GET', path: `/users/${o.user}` };
        }
      }),
    ),
  };
}

async function coherent(ops: readonly (readonly Op[])[], f: Faults, runSeed: number, cache: 'rfc9111' | 'no-invalidation'): Promise<void> {
  const input = scenarioOf(ops, f, cache);
  const spec = parseScenario(input);
  const result = await runScenario('cache-coherence', spec, { seed: runSeed, trace: 'off' });
  const problems: string[] = [];
  // What each client last wrote to each of its notes and was told about: content, or null for deleted.
  const acknowledged = new Map<string, string | null>();
  spec.steps.forEach((step, i) => {
    const x = result.exchanges[i]!;
    const res = x.response;
    const key = `${step.client} ${step.path}`;
    if (step.method === 'PUT' || step.method === 'DELETE') {
      if (x.outcome === 'unknown') acknowledged.delete(key); // it may or may not have happened: stop checking
      else if (step.method === 'PUT' && res?.status === 200) acknowledged.set(key, (step.body as { content: string }).content);
      // A re-sent DELETE whose first copy took effect answers 404: the note is gone all the same.
      else if (step.method === 'DELETE' && (res?.status === 204 || res?.status === 404)) acknowledged.set(key, null);
      return;
    }
    if (res === undefined) return;
    if (res.headers['cache-control']?.includes('private') === true && res.headers.age !== undefined) {
      problems.push(`step ${i + 1}: ${step.client} got a private response to GET ${step.path} from the cache`);
    }
    if (!acknowledged.has(key)) return;
    const expected = acknowledged.get(key);
    const got = res.status === 200 ? (JSON.parse(res.body!) as { content: string }).content : res.status === 404 ? null : undefined;
    if (got !== expected) problems.push(`step ${i + 1}: ${step.client}'s GET ${step.path} returned ${JSON.stringify(got)} after its acknowledged write of ${JSON.stringify(expected)}`);
  });
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n  replay in the simulator: ${replayCommand(`cache-coherence-${cache}`, input, runSeed)}`);
}

type Args = [Op[][], Faults, number];

describe('cache coherence: read your writes, and private stays private', () => {
  test.prop([workload, faults, seed], replayable<Args>('properties/white-box/cache-coherence.test.ts', 80))('through an RFC 9111 cache', (o, f, s) => coherent(o, f, s, 'rfc9111'));

  test('teeth: a cache that ignores invalidation serves the old note, found in a short workload', async () => {
    const result = await fc.check(fc.asyncProperty(workload, faults, seed, (o, f, s) => coherent(o, f, s, 'no-invalidation')), { numRuns: 300, seed: 17 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![0].flat().length).toBeLessThanOrEqual(6);
    expect(String(result.errorInstance)).toMatch(/after its acknowledged write/);
  });
});
