import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadAppModule } from '../../sim/host/app-module/app-module.js';
import { runGuestScenario } from '../../sim/host/run-guest-scenario.js';
import { historyOfRun, type NoteOperation } from '../../sim/history/history.js';
import { checkLinearizability, type LinearizabilityResult } from '../../sim/history/linearizability.js';
import { writableResource } from '../../sim/history/resource.js';
import { parseScenario, type RunSettingsInput, type ScenarioInput } from '../../sim/scenario/spec.js';
import { parseTarget } from './define-target.js';
import { PreparedTarget, type Role } from './target-session.js';

/**
 * The finding: on the Hono notes app (examples/hono-notes/app.ts), a PUT re-sent after another client's
 * DELETE brings the note back, and the linearizability checker says so.
 *
 * Why it is a real hazard and not a quirk of the simulator: PUT is idempotent (RFC 9110 §9.2.2), so the
 * `safe` client re-sends it when its response is lost, as every HTTP client with retries does. Idempotent
 * means that applying one PUT twice in a row is the same as applying it once; it says nothing about another
 * client's request landing in between. PUT and DELETE do not commute: PUT, DELETE, PUT leaves the note,
 * PUT, PUT, DELETE does not. A re-send after a lost response replays an old intent (A wanted the note to hold
 * "x" as of when A sent it) after B's DELETE was acknowledged, so B was told the note is gone and then
 * anybody reads it back, though nobody wrote it after the delete. A client that never re-sends cannot do
 * this (the control below); the cure is on the server's side (a precondition such as `If-Match`, or an
 * `Idempotency-Key` the PUT honours), not in the client's retries.
 */

const file = fileURLToPath(import.meta.url);
/** The Hono app as a target: no login (both users send no credential), one writable resource. */
const target = parseTarget({
  name: 'hono-notes',
  app: { module: '../../examples/hono-notes/app.ts', export: 'default' },
  users: { user: { headers: {} }, otherUser: { headers: {} } },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
}, file);
const notes = writableResource(target.writable[0]!);
const prepared = await PreparedTarget.prepare({ target, file });

const roles = ['user', 'other-user', 'anonymous'] as const satisfies readonly Role[];
type Kind = 'put' | 'delete' | 'get';
/** Requests sent together: at most one per client, as a client awaits its own answer before its next request. */
type Batch = Partial<Record<Role, Kind>>;
/** What the line does, shrinking to nothing: responses lost with a probability, arrivals reordered by jitter. */
interface Line {
  readonly lossResponsesPercent: number;
  readonly jitterUs: number;
}

const kind = fc.option(fc.constantFrom<Kind>('put', 'delete', 'get'), { nil: undefined });
/** Every client works on one note, so that they collide. */
const plan = fc.array(fc.record({ user: kind, 'other-user': kind, anonymous: kind }), { minLength: 1, maxLength: 4 });
const lossyLine = fc.record({ lossResponsesPercent: fc.integer({ min: 0, max: 50 }), jitterUs: fc.integer({ min: 0, max: 100_000 }) });
const seed = fc.nat({ max: 1_000 });

function settingsOf(line: Line, maxAttempts: number): RunSettingsInput {
  return {
    // `safe`: re-sends GET, PUT and DELETE (idempotent), never a POST without a key.
    modes: { client: { policy: 'safe', maxAttempts } },
    topology: {
      wan: {
        faults: [
          ...(line.lossResponsesPercent > 0 ? [{ rule: 'loss' as const, probability: line.lossResponsesPercent / 100, applies: 'responses' as const }] : []),
          ...(line.jitterUs > 0 ? [{ rule: 'delay' as const, jitterUs: line.jitterUs }] : []),
        ],
      },
    },
  };
}

interface Checked {
  readonly history: NoteOperation[];
  readonly result: LinearizabilityResult;
  readonly traceHash: string;
  /** The session as a scenario file beside this test: it replays the run. */
  readonly scenario: ScenarioInput;
}

/** Runs the plan through a session on the Hono app, one batch after another, and checks the history. */
async function runPlan(batches: readonly Batch[], settings: RunSettingsInput, runSeed: number): Promise<Checked> {
  const run = await prepared.open({ seed: runSeed, settings, trace: 'hash' });
  try {
    for (const [b, batch] of batches.entries()) {
      const sent = roles.filter((role) => batch[role] !== undefined).map((role) => {
        const k = batch[role]!;
        // Unique contents, so a value read names the one PUT that wrote it.
        const request = k === 'put' ? { method: 'PUT', path: '/notes/n1', body: { content: `${role} ${b}` } } : { method: k === 'get' ? 'GET' : 'DELETE', path: '/notes/n1' };
        return [role, request] as const;
      });
      if (sent.length > 0) await run.sendTogether(sent);
    }
    const record = run.session.record('hono-notes-put-after-delete');
    const history = historyOfRun(record, undefined, notes);
    return { history, result: checkLinearizability(history), traceHash: record.traceHash, scenario: run.scenario('hono-notes-put-after-delete', 'a PUT re-sent after another client\'s DELETE', dirname(file)) };
  } finally {
    run.close();
  }
}

const linearizable = async (batches: Batch[], line: Line, runSeed: number, maxAttempts = 3): Promise<void> => {
  const { result } = await runPlan(batches, settingsOf(line, maxAttempts), runSeed);
  if (!result.ok) throw new Error(`${result.reason}\n${result.excerpt}`);
};

describe('the Hono notes app through sessions: a PUT re-sent after another client\'s DELETE', { timeout: 60_000 }, () => {
  it('a fast-check search over concurrent PUT/DELETE/GET plans on a lossy line finds it, shrunk to three operations', async () => {
    const found = await fc.check(fc.asyncProperty(plan, lossyLine, seed, (batches, line, runSeed) => linearizable(batches, line, runSeed)), { seed: 42, numRuns: 1_000 });
    if (!found.failed || found.counterexample === null) throw new Error('expected the search to find a history that is not linearizable');
    const [batches, line, runSeed] = found.counterexample;
    const { history, result, scenario, traceHash } = await runPlan(batches, settingsOf(line, 3), runSeed);
    if (result.ok) throw new Error('the counterexample must fail again when re-run');
    expect(result.reason).toBe('not-linearizable');

    // Shrunk: one client's DELETE and another's PUT sent together, then one read; nothing else.
    expect(history).toHaveLength(3);
    const [put, del, read] = (['write', 'delete', 'read'] as const).map((k) => history.find((op) => op.kind === k)!);
    expect(put).toMatchObject({ noteId: 'n1', status: 'ok' });
    expect(del).toMatchObject({ noteId: 'n1', status: 'ok', output: 'deleted', httpStatus: 204 });
    expect(put!.client).not.toBe(del!.client);
    // The PUT was re-sent, and its last attempt was answered after the DELETE was acknowledged...
    expect(put!.attempts).toBeGreaterThan(1);
    expect(put!.completeUs!).toBeGreaterThan(del!.completeUs!);
    // ...and a read after both completed shows the note back with the PUT's content.
    expect(read).toMatchObject({ output: put!.input, status: 'ok' });
    expect(read!.invokeUs).toBeGreaterThanOrEqual(put!.completeUs!);
    expect(result.operation).toBe(read);
    expect(result.excerpt).toContain(`longest linearization found before #${read!.id} completes (2 placed): #${put!.id} write ${JSON.stringify(put!.input)}, #${del!.id} delete; the note then is absent`);

    // The recorded session is a scenario that replays the run exactly.
    const module = await loadAppModule(parseScenario(scenario).origin!, file);
    const replay = await runGuestScenario('replay', parseScenario(scenario), { seed: runSeed, trace: 'hash', ...module.guest });
    expect(replay.traceHash).toBe(traceHash);
    expect(checkLinearizability(historyOfRun(replay, undefined, notes)).ok).toBe(false);
  });

  it('control: the same plans are linearizable on a line that loses nothing, and on a lossy line with a client that never re-sends', async () => {
    const quiet = fc.record({ lossResponsesPercent: fc.constant(0), jitterUs: fc.integer({ min: 0, max: 100_000 }) });
    await fc.assert(fc.asyncProperty(plan, quiet, seed, (batches, line, runSeed) => linearizable(batches, line, runSeed)), { seed: 42, numRuns: 300 });
    // One attempt: a lost response leaves the PUT's outcome unknown, which the checker may place anywhere
    // after its invocation, once. Nothing is replayed, so nothing comes back.
    await fc.assert(fc.asyncProperty(plan, lossyLine, seed, (batches, line, runSeed) => linearizable(batches, line, runSeed, 1)), { seed: 42, numRuns: 300 });
  });

  it('by hand: A\'s PUT makes the note, its answer is lost; B\'s DELETE removes it, 204; A\'s re-send makes it again', async () => {
    const settings: RunSettingsInput = {
      modes: { client: { policy: 'safe' } },
      topology: {
        wan: {
          faults: [
            // A's answers are lost for 200 ms: the first attempt's (sent at 75 ms), not the re-send's.
            { rule: 'partition', fromUs: 0, untilUs: 200_000, applies: 'responses', clients: ['user'] },
            // B's DELETE waits on the line until A's PUT has been handled (the line reorders them).
            { rule: 'hold', fromUs: 0, untilUs: 100_000, applies: 'requests', clients: ['other-user'] },
          ],
        },
      },
    };
    const { result } = await runPlan([{ user: 'put', 'other-user': 'delete' }, { 'other-user': 'get' }], settings, 1);
    if (result.ok) throw new Error('expected the note to come back');
    expect(result.excerpt).toBe([
      'note n1: 3 operations; times in ms; ✗ = cannot be linearized',
      '         invoke    complete  op    client     operation',
      '          0.000     635.356  #1    user       write "user 0" → 201 after 2 attempts',
      '          0.001     235.000  #2    other-user delete → 204 deleted',
      '  ✗     635.357     770.633  #3    other-user read → "user 0"',
      'longest linearization found before #3 completes (2 placed): #1 write "user 0", #2 delete; the note then is absent',
    ].join('\n'));
  });
});
