import { describe, expect, it } from 'vitest';
import { historyOfRun } from '../history/history.js';
import { checkLinearizability } from '../history/linearizability.js';
import { builtin } from './resolve.js';
import { runScenario } from './run.js';
import { parseScenario } from './spec.js';

/** The built-in scenarios of the hostile world: each crash point, a timed crash, a one-way partition, hold and release. */

async function run(name: string, seed = 1) {
  const { spec } = builtin(name, seed);
  const result = await runScenario(name, spec, { seed, trace: 'full' });
  return { result, verdict: checkLinearizability(historyOfRun(result)) };
}

const contents = (r: Awaited<ReturnType<typeof run>>['result']) => r.finalState.notes.map((n) => n.content);
const statuses = (r: Awaited<ReturnType<typeof run>>['result']) => r.summary.map((x) => x.status);

describe('the origin crashes at each point of a keyed POST and restarts on its storage', () => {
  it('before the effect: nothing was committed, the re-send creates the one note', async () => {
    const { result, verdict } = await run('notes-crash-before-effect');
    expect([result.originCrashes, contents(result), statuses(result), verdict.ok]).toEqual([1, ['buy milk'], [201, 200], true]);
    expect(result.exchanges[0]!.response!.headers['idempotent-replayed']).toBeUndefined();
  });

  it('after the effect, before the response: the record was committed with it, so the re-send is a replay', async () => {
    const { result, verdict } = await run('notes-crash-after-effect');
    expect([result.originCrashes, contents(result), statuses(result), verdict.ok]).toEqual([1, ['buy milk'], [201, 200], true]);
    expect(result.exchanges[0]!.response!.headers['idempotent-replayed']).toBe('true');
  });

  it('after the response: the note survives the restart; the read that found the origin down is re-sent', async () => {
    const { result, verdict } = await run('notes-crash-after-response');
    expect([contents(result), statuses(result), result.summary.map((x) => x.attempts), verdict.ok]).toEqual([['buy milk'], [201, 200], [1, 2], true]);
    expect(result.trace.events.some((e) => e.kind === 'drop' && e.note === 'origin down')).toBe(true);
  });

  it('with the record written behind the effect, the same crash leaves two notes, and the checker says so', async () => {
    const { result, verdict } = await run('notes-crash-after-effect-write-behind');
    expect(contents(result)).toEqual(['buy milk', 'buy milk']);
    if (verdict.ok) throw new Error('expected the duplicate to be found');
    expect(verdict.reason).toBe('not-linearizable');
  });

  it('at a time: both requests in hand are lost before their effect, then applied once each', async () => {
    const { result, verdict } = await run('notes-crash-at-time');
    expect([contents(result), result.summary.map((x) => x.attempts), verdict.ok]).toEqual([['alice', 'bob'], [2, 2], true]);
    expect(result.trace.events.filter((e) => e.note === 'lost in the crash')).toHaveLength(2);
  });
});

describe('partitions and held messages', () => {
  it('one way: the PUT is applied while its answers are lost, and the re-send after the partition is a replay', async () => {
    const { result, verdict } = await run('notes-partition-one-way');
    expect([statuses(result), result.summary[0]!.attempts, result.exchanges[0]!.response!.headers['idempotent-replayed'], verdict.ok]).toEqual([[200, 200], 3, 'true', true]);
  });

  it('held re-sends released after another client\'s DELETE are replayed under their key: the note stays deleted', async () => {
    const { result, verdict } = await run('notes-hold-release');
    expect([contents(result), statuses(result), verdict.ok]).toEqual([[], [200, 204, 404], true]);
  });

  it('without a key the held PUT lands after the DELETE and brings the note back, which no order of the operations explains', async () => {
    const { result, verdict } = await run('notes-hold-release-safe');
    expect([contents(result), statuses(result)]).toEqual([['alice'], [200, 204, 200]]);
    if (verdict.ok) throw new Error('expected the resurrected note to be found');
    expect(verdict.excerpt).toContain('alice');
  });
});

describe('sockets and crashes', () => {
  it('a crash drops every open socket: its subscriber sees 1006 and the frames it sends meanwhile are lost', async () => {
    const spec = parseScenario({
      steps: [{ client: 'alice', atUs: 400_000, method: 'POST', path: '/graphql', body: { query: 'mutation { addComment(postId: 9, body: "Hi") { id } }' } }],
      subscriptions: [{ client: 'bob', atUs: 0, untilUs: 1_000_000, query: 'subscription { commentAdded(postId: 9) { body } }' }],
      crashes: [{ atUs: 300_000, downUs: 50_000 }],
    });
    const result = await runScenario('socket-crash', spec, { seed: 1, trace: 'full' });
    expect(result.subscriptions[0]).toMatchObject({ outcome: 'closed', close: { code: 1006 } });
    expect(result.trace.events.some((e) => e.kind === 'drop' && e.note === 'origin down' && e.method === 'WS')).toBe(true);
    expect(result.summary[0]!.status).toBe(200); // the mutation after the restart still runs
  });
});

describe('a hostile run replays from its seed', () => {
  it.each(['notes-crash-after-effect', 'notes-crash-at-time', 'notes-hold-release'])('%s: the same trace hash twice', async (name) => {
    const [a, b] = [await run(name, 7), await run(name, 7)];
    expect(a.result.traceHash).toBe(b.result.traceHash);
  });
});
