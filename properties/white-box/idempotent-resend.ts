import fc from 'fast-check';
import { methodProperties } from '../../src/http/methods.js';
import { runScenario } from '../../sim/scenario/run.js';
import { parseScenario, type ScenarioInput } from '../../sim/scenario/spec.js';
import { replayCommand } from './counterexample.js';

/**
 * Principle (spec §3, §4; RFC 9110 §9.2.2): a client may re-send an idempotent request when the response is
 * lost, because the repeats leave the state one send would. So on the spec's unstable line, where every
 * exchange's first response is lost and the naive client re-sends it, the origin must end in the same state
 * as on a stable line. The same property over a workload that includes POST must fail: that is the hazard.
 *
 * The check and its arbitraries, apart from the test (`idempotent-resend.test.ts`) so that the benchmark of
 * property runs (`bench/harness/property-runs.ts`) runs exactly what the property runs.
 */

export type Step = ScenarioInput['steps'][number];

const noteId = fc.integer({ min: 1, max: 3 });
const content = fc.string({ maxLength: 12 });
const getStep = noteId.map((id): Step => ({ method: 'GET', path: `/notes/${id}` }));
const putStep = fc.tuple(noteId, content).map(([id, c]): Step => ({ method: 'PUT', path: `/notes/${id}`, body: { content: c } }));
const deleteStep = noteId.map((id): Step => ({ method: 'DELETE', path: `/notes/${id}` }));
const postStep = content.map((c): Step => ({ method: 'POST', path: '/notes', body: { content: c } }));

export const idempotentSteps = fc.array(fc.oneof(getStep, putStep, deleteStep), { minLength: 1, maxLength: 12 });
export const anySteps = fc.array(fc.oneof(getStep, putStep, deleteStep, postStep), { minLength: 1, maxLength: 12 });
export const seed = fc.nat({ max: 1_000_000 });

/**
 * Jitter on requests, so the property also holds when copies take different times. The naive client by
 * name: it re-sends every method, POST included, which is what the teeth below need to bite on.
 */
export const unstableLine = (steps: Step[]): ScenarioInput => ({
  modes: { line: 'unstable', client: { policy: 'naive' } },
  topology: { wan: { faults: [{ rule: 'delay', applies: 'requests', jitterUs: 20_000 }] } },
  steps,
});

/**
 * Runs the steps on a stable and on the unstable line and throws when the final states differ. Returns the
 * methods the client re-sent, which the caller checks covered every exchange: the property only means
 * something if the line really made the client re-send each one.
 */
export async function resendChangesNoState(steps: Step[], runSeed: number): Promise<readonly string[]> {
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
  return resent;
}
