import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { methodProperties } from '../src/http/methods.js';
import { runScenario } from '../sim/scenario/run.js';
import { parseScenario, type ScenarioInput } from '../sim/scenario/spec.js';
import { replayCommand } from './counterexample.js';
import { replayable } from './replay.js';

/**
 * Principle (spec §3, §4; RFC 9110 §9.2.2): a client may re-send an idempotent request when the response is
 * lost, because the repeats leave the state one send would. So on the spec's unstable line, where every
 * exchange's first response is lost and the naive client re-sends it, the origin must end in the same state
 * as on a stable line. The same property over a workload that includes POST must fail: that is the hazard.
 */

type Step = ScenarioInput['steps'][number];

const noteId = fc.integer({ min: 1, max: 3 });
const content = fc.string({ maxLength: 12 });
const getStep = noteId.map((id): Step => ({ method: 'GET', path: `/notes/${id}` }));
const putStep = fc.tuple(noteId, content).map(([id, c]): Step => ({ method: 'PUT', path: `/notes/${id}`, body: { content: c } }));
const deleteStep = noteId.map((id): Step => ({ method: 'DELETE', path: `/notes/${id}` }));
const postStep = content.map((c): Step => ({ method: 'POST', path: '/notes', body: { content: c } }));

const idempotentSteps = fc.array(fc.oneof(getStep, putStep, deleteStep), { minLength: 1, maxLength: 12 });
const anySteps = fc.array(fc.oneof(getStep, putStep, deleteStep, postStep), { minLength: 1, maxLength: 12 });
const seed = fc.nat({ max: 1_000_000 });

/**
 * Jitter on requests, so the property also holds when copies take different times. The naive client by
 * name: it re-sends every method, POST included, which is what the teeth below need to bite on.
 */
const unstableLine = (steps: Step[]): ScenarioInput => ({
  modes: { line: 'unstable', client: { policy: 'naive' } },
  topology: { wan: { faults: [{ rule: 'delay', applies: 'requests', jitterUs: 20_000 }] } },
  steps,
});

async function resendLeavesStateAsOneSend(steps: Step[], runSeed: number): Promise<void> {
  const stable = await runScenario('stable', parseScenario({ steps }), { seed: runSeed, trace: 'off' });
  const unstableInput = unstableLine(steps);
  const unstable = await runScenario('unstable', parseScenario(unstableInput), { seed: runSeed, trace: 'off' });
  const resent = unstable.summary.filter((x) => x.attempts > 1).map((x) => x.method);
  if (JSON.stringify(unstable.finalState) !== JSON.stringify(stable.finalState)) {
    const nonIdempotent = [...new Set(resent.filter((m) => !methodProperties(m).idempotent))];
    throw new Error(
      `the re-sends changed the final state (re-sent non-idempotent: ${nonIdempotent.join(', ') || 'none'}).\n` +
        `  stable line:   ${JSON.stringify(stable.finalState.notes)}\n` +
        `  unstable line: ${JSON.stringify(unstable.finalState.notes)}\n` +
        `  replay: ${replayCommand('idempotent-resend', unstableInput, runSeed)}`,
    );
  }
  // The property is only meaningful if the line really made the client re-send every exchange.
  expect(resent).toHaveLength(steps.length);
}

describe('re-sending an idempotent request leaves the state of one send', () => {
  test.prop([idempotentSteps, seed], replayable<[Step[], number]>('properties/idempotent-resend.test.ts', 150))(
    'GET, PUT and DELETE on the unstable line',
    resendLeavesStateAsOneSend,
  );

  test('teeth: with POST in the workload, fast-check finds the duplicate note and shrinks it to a short workload', async () => {
    const result = await fc.check(fc.asyncProperty(anySteps, seed, resendLeavesStateAsOneSend), { numRuns: 150, seed: 42 });
    expect(result.failed).toBe(true);
    const [steps] = result.counterexample!;
    expect(steps.length).toBeLessThanOrEqual(2);
    expect(steps).toContainEqual({ method: 'POST', path: '/notes', body: { content: '' } });
    expect(String(result.errorInstance)).toMatch(/replay: npm run sim -- --file reports\/counterexamples\/idempotent-resend.json --seed \d+/);
  });
});
