import fc from 'fast-check';
import type { Exchange } from '../../sim/exchange.js';
import { runScenario } from '../../sim/scenario/run.js';
import { parseScenario, type ScenarioInput } from '../../sim/scenario/spec.js';
import { replayCommand } from './counterexample.js';

/**
 * Principle (spec §4: re-send only safe and idempotent requests; a POST that must be re-sent carries an
 * Idempotency-Key): for any operations by several clients and any seeded schedule of lost requests and
 * responses, duplicates and delays, the `safe` and `keyed` clients leave the origin in a state the same
 * operations without faults could leave: every note a client was told it created exists exactly once, none
 * exists twice, and each note id holds what its client's acknowledged writes say. An operation whose outcome
 * the client was told is unknown may or may not have happened, and only that. With `naive` it must fail.
 *
 * Delays and duplicate copies stay well under the client's timeout: a copy that surfaces after the client has
 * moved on is the hostile world of a later issue, not this principle.
 *
 * The check and its arbitraries, apart from the test (`exactly-once.test.ts`) so that the benchmark of
 * property runs (`bench/harness/property-runs.ts`) runs exactly what the property runs.
 */

const clients = ['alice', 'bob', 'carol'] as const;
export type Op = { readonly kind: 'put'; readonly slot: number; readonly content: string } | { readonly kind: 'delete'; readonly slot: number } | { readonly kind: 'post'; readonly content: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), slot: fc.integer({ min: 0, max: 1 }), content: fc.constantFrom('a', 'b', 'c') }),
  fc.record({ kind: fc.constant('delete' as const), slot: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('post' as const), content: fc.constant('') }),
);
export const workload = fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: clients.length });
export const faults = fc.record({
  lossPercent: fc.integer({ min: 0, max: 40 }),
  duplicatePercent: fc.integer({ min: 0, max: 20 }),
  jitterUs: fc.integer({ min: 0, max: 50_000 }),
});
export const seed = fc.nat({ max: 1_000_000 });
export type Faults = typeof faults extends fc.Arbitrary<infer T> ? T : never;
export type ClientPolicy = 'naive' | 'safe' | 'keyed';

/** Each client writes its own note ids (2 per client), so its acknowledged writes alone decide them. */
const noteId = (client: number, slot: number) => 100 + 10 * client + slot;

/**
 * A duplicated *request* is a second POST to the origin whatever the client does: only a key makes it
 * harmless. So the `safe` client, which sends no keys, is held to this with duplicated responses only, and
 * the `keyed` client with both.
 */
export function scenarioOf(ops: readonly (readonly Op[])[], f: Faults, policy: ClientPolicy): ScenarioInput {
  return {
    modes: { client: { policy, maxAttempts: 6 } },
    topology: {
      wan: {
        faults: [
          { rule: 'loss', probability: f.lossPercent / 100 },
          { rule: 'duplicate', probability: f.duplicatePercent / 100, copyDelayUs: 1_000, applies: policy === 'safe' ? 'responses' : 'both' },
          { rule: 'delay', jitterUs: f.jitterUs },
        ],
      },
    },
    steps: ops.flatMap((list, c) =>
      list.map((o, k) => {
        const client = clients[c]!;
        if (o.kind === 'post') return { client, method: 'POST', path: '/notes', body: { content: `${client}#${k}` } };
        const path = `/notes/${noteId(c, o.slot)}`;
        return o.kind === 'put' ? { client, method: 'PUT', path, body: { content: o.content } } : { client, method: 'DELETE', path };
      }),
    ),
  };
}

export async function exactlyOnce(ops: readonly (readonly Op[])[], f: Faults, runSeed: number, policy: ClientPolicy): Promise<void> {
  const input = scenarioOf(ops, f, policy);
  const spec = parseScenario(input);
  const result = await runScenario('exactly-once', spec, { seed: runSeed, trace: 'off' });
  const problems: string[] = [];
  const exchanges: readonly Exchange[] = result.exchanges;
  const notes = result.finalState.notes;

  // POSTs: told created → exactly once; unknown → at most once; never twice.
  spec.steps.forEach((step, i) => {
    if (step.method !== 'POST') return;
    const content = (step.body as { content: string }).content;
    const copies = notes.filter((n) => n.content === content).length;
    const told = exchanges[i]!.outcome === 'response' && exchanges[i]!.response!.status === 201;
    if (copies > 1 || (told && copies !== 1)) problems.push(`POST "${content}" (step ${i + 1}, ${exchanges[i]!.outcome}, ${exchanges[i]!.attempts} attempts) exists ${copies} times`);
  });

  // Each owned note id: the value must be one some choice of the unknown writes leads to.
  ops.forEach((list, c) => {
    for (const slot of [0, 1]) {
      const id = noteId(c, slot);
      let possible = new Set<string | undefined>([undefined]);
      let stepIndex = spec.steps.findIndex((s) => s.client === clients[c]);
      for (const o of list) {
        const exchange = exchanges[stepIndex]!;
        stepIndex = spec.steps.findIndex((s, j) => j > stepIndex && s.client === clients[c]);
        if (o.kind === 'post' || o.slot !== slot) continue;
        const value = o.kind === 'put' ? o.content : undefined;
        possible = exchange.outcome === 'unknown' ? new Set([...possible, value]) : new Set([value]);
      }
      const actual = notes.find((n) => n.id === id)?.content;
      if (!possible.has(actual)) problems.push(`note ${id} is ${JSON.stringify(actual)}, but ${clients[c]}'s writes allow only ${[...possible].map((v) => JSON.stringify(v)).join(' or ')}`);
    }
  });

  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n  replay in the simulator: ${replayCommand(`exactly-once-${policy}`, input, runSeed)}`);
}
