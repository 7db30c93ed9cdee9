import { describe, expect, it } from 'vitest';
import { runScenario } from '../scenario/run.js';
import { parseScenario } from '../scenario/spec.js';
import { openOwnSession } from './open-session.js';

describe('a session on apisim\'s own origin', () => {
  it('sends requests that depend on earlier answers, and its recording replays with the same trace hash', async () => {
    const session = openOwnSession({ seed: 7, settings: { modes: { line: 'unstable', client: { policy: 'keyed' } } } });
    const login = await session.send({ client: 'alice', method: 'POST', path: '/sessions', body: { username: 'alice', password: 'alice-pw' } });
    expect(login.response?.status).toBe(201);
    const cookie = String(login.response!.headers['set-cookie']).split(';')[0]!;
    const order = await session.send({ client: 'alice', method: 'GET', path: '/orders/121', headers: { cookie } });
    expect(order.response?.status).toBe(200);
    const [note, list] = await session.sendTogether([
      { client: 'alice', method: 'POST', path: '/notes', headers: { cookie }, body: { content: 'buy milk' } },
      { client: 'bob', method: 'GET', path: '/notes' },
    ]);
    expect(note!.response?.status).toBe(201);
    expect(list!.response?.status).toBe(401);
    const record = session.record('session');
    const scenario = session.scenario('session');
    expect(scenario.steps.map((s) => s.atUs)).toEqual([0, login.completedUs! + 1, order.completedUs! + 1, order.completedUs! + 2]);
    const replay = await runScenario('session', parseScenario(scenario), { seed: 7 });
    expect(replay.summary.map((s) => s.status)).toEqual(record.summary.map((s) => s.status));
    expect(replay.traceHash).toBe(record.traceHash);
    expect((record.state as { notes: unknown[] }).notes).toHaveLength(replay.finalState.notes.length);
  });

  it('sends one batch at a time', async () => {
    const session = openOwnSession({ seed: 1 });
    const first = session.send({ client: 'alice', method: 'GET', path: '/notes' });
    await expect(session.send({ client: 'bob', method: 'GET', path: '/notes' })).rejects.toThrow(/one batch at a time/);
    await first;
  });

  it('refuses a step a scenario would refuse, saying where', async () => {
    const session = openOwnSession({ seed: 1 });
    await expect(session.send({ client: 'Alice', method: 'GET', path: '/notes' })).rejects.toThrow(/step 0: client/);
  });
});
