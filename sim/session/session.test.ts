import { describe, expect, it } from 'vitest';
import { escapeText } from '../scenario/placeholders.js';
import { runScenario } from '../scenario/run.js';
import { parseScenario, type ScenarioInput } from '../scenario/spec.js';
import { openOwnSession } from './open-session.js';
import type { Session } from './session.js';

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

describe('a session\'s recording', () => {
  /** Alice signs in with a cookie and Bob with a token; Alice writes a note, Bob reads it, Alice rewrites it. */
  async function signedInSession(seed: number): Promise<Session> {
    const session = openOwnSession({ seed });
    const login = await session.send({ client: 'alice', method: 'POST', path: '/sessions', body: { username: 'alice', password: 'alice-pw' } });
    const cookie = login.response!.headers['set-cookie']!.split(';')[0]!;
    const tokens = await session.send({ client: 'bob', method: 'POST', path: '/tokens', body: { username: 'bob', password: 'bob-pw' } });
    const token = (JSON.parse(tokens.response!.body!) as { access_token: string }).access_token;
    const note = await session.send({ client: 'alice', method: 'POST', path: '/notes', headers: { cookie }, body: { content: 'buy milk {{soon}}' } });
    const { id } = JSON.parse(note.response!.body!) as { id: number };
    await session.send({ client: 'bob', method: 'GET', path: `/notes/${id}`, headers: { authorization: `Bearer ${token}` } });
    await session.send({ client: 'alice', method: 'PUT', path: `/notes/${id}`, headers: { cookie, 'content-type': 'application/json' }, body: { content: 'buy milk {{soon}}', count: 1 } });
    await session.send({ client: 'carol', method: 'POST', path: '/notes?q={{soon}}', headers: { 'x-when': '{{soon}}' }, body: { content: '{{soon}}' } });
    return session;
  }

  it('writes what a step sent on from an earlier answer as a capture, and text that looks like a placeholder escaped', async () => {
    const steps = (await signedInSession(7)).scenario('s').steps.map(({ capture, path, headers, body }) => ({ capture, path, headers, body }));
    expect(steps).toEqual([
      { capture: { sid: { from: 'cookie', name: 'sid' } }, path: '/sessions', headers: undefined, body: { username: 'alice', password: 'alice-pw' } },
      { capture: { access_token: { from: 'body', pointer: '/access_token' } }, path: '/tokens', headers: undefined, body: { username: 'bob', password: 'bob-pw' } },
      { capture: { location: { from: 'header', name: 'location' } }, path: '/notes', headers: { cookie: 'sid={{sid}}' }, body: { content: 'buy milk \\{{soon}}' } },
      { capture: undefined, path: '{{location}}', headers: { authorization: 'Bearer {{access_token}}' }, body: undefined },
      // The content is the client's own, said before any answer held it; the 1 of `count` is no id; every
      // answer's content-type is no value handed to the client.
      { capture: undefined, path: '{{location}}', headers: { cookie: 'sid={{sid}}', 'content-type': 'application/json' }, body: { content: 'buy milk \\{{soon}}', count: 1 } },
      { capture: undefined, path: '/notes?q=\\{{soon}}', headers: { 'x-when': '\\{{soon}}' }, body: { content: '\\{{soon}}' } },
    ]);
  });

  it('replays its own seed exactly, and the same flow on other seeds, where the values it sent literally are refused', async () => {
    const session = await signedInSession(7);
    const record = session.record('s');
    const scenario = parseScenario(session.scenario('s'));
    const own = await runScenario('s', scenario, { seed: 7 });
    expect(own.traceHash).toBe(record.traceHash);
    expect(own.exchanges.map((x) => x.request)).toEqual(record.exchanges.map((x) => x.request));
    const statuses = record.summary.map((s) => s.status);
    expect(statuses).toEqual([201, 200, 201, 200, 422, 401]);
    const sentAsIs: ScenarioInput = {
      ...session.scenario('s'),
      steps: record.exchanges.map(({ request }, i) => ({
        ...scenario.steps[i]!, capture: undefined, path: escapeText(request.path), body: undefined, rawBody: request.body,
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, escapeText(value)])),
      })),
    };
    for (const seed of [1, 2, 3]) {
      expect((await runScenario('s', scenario, { seed })).summary.map((s) => s.status), `seed ${seed}`).toEqual(statuses);
      expect((await runScenario('s', parseScenario(sentAsIs), { seed })).summary.map((s) => s.status), `seed ${seed}, sent as is`).toEqual([201, 200, 401, 401, 401, 401]);
    }
  });
});
