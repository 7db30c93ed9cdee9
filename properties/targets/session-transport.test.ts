import { describe, expect, it } from 'vitest';
import { openOwnSession } from '../../sim/session/open-session.js';
import { LostOnTheLine, NoResponse } from '../conformance/transport.js';
import { lineSettings } from './line-settings.js';
import { sessionTransport, simulatedBaseUrl } from './session-transport.js';

describe('the checks\' transport in the simulator', () => {
  it('records a JSON body as its value when the step sends the same bytes again, and any other body as its text', async () => {
    const session = openOwnSession({ seed: 1 });
    const baseUrl = simulatedBaseUrl('own');
    const transport = sessionTransport(session, baseUrl);
    const json = { 'content-type': 'application/json' };
    const bodies = [
      ['{"content":"tea"}', json],
      // Written otherwise than JSON.stringify writes it, or with a key a JSON value cannot keep: sent as it is.
      ['{ "content": "tea" }', json],
      ['{"__proto__":{"content":"tea"}}', json],
      ['{"content":"tea"}', { 'content-type': 'text/plain' }],
      ['{"content":', json],
    ] as const;
    try {
      for (const [body, headers] of bodies) await transport.exchange({ method: 'POST', url: `${baseUrl}/notes`, headers, body }, undefined, 1_000);
      const steps = session.scenario().steps;
      expect(steps.map((step) => ('body' in step ? { body: step.body } : { rawBody: step.rawBody }))).toEqual([
        { body: { content: 'tea' } },
        { rawBody: '{ "content": "tea" }' },
        { rawBody: '{"__proto__":{"content":"tea"}}' },
        { rawBody: '{"content":"tea"}' },
        { rawBody: '{"content":' },
      ]);
      // Whichever way a step records it, the origin was sent the request's own bytes.
      expect(session.exchanges.map((x) => x.request.body)).toEqual(bodies.map(([body]) => body));
      expect(steps.map((step) => step.client)).toEqual(bodies.map(() => 'anonymous'));
    } finally {
      session.close();
    }
  });

  it('sends a request with no caller from the client it is given: the user a sign-in is for', async () => {
    const session = openOwnSession({ seed: 1 });
    try {
      await sessionTransport(session, 'http://x.invalid', 'user').exchange({ method: 'GET', url: 'http://x.invalid/notes', headers: {}, body: undefined }, undefined, 1_000);
      expect(session.scenario().steps).toMatchObject([{ client: 'user', path: '/notes' }]);
    } finally {
      session.close();
    }
  });

  it('says a request the client gave up on was lost on the line when the line loses messages, and not when it does not', async () => {
    const losing = { topology: { wan: { faults: [{ rule: 'loss' as const, probability: 1 }] } }, modes: { client: { maxAttempts: 2 } } };
    const request = { method: 'GET', url: 'http://x.invalid/notes/1', headers: {}, body: undefined };
    for (const lossy of [true, false]) {
      const session = openOwnSession({ seed: 1, settings: losing });
      try {
        const thrown = await sessionTransport(session, 'http://x.invalid', 'anonymous', lossy).exchange(request, undefined, 1_000).catch((error: unknown) => error);
        expect(thrown).toBeInstanceOf(NoResponse);
        expect(thrown instanceof LostOnTheLine).toBe(lossy);
        expect((thrown as Error).message).toMatch(/^GET \/notes\/1: no response; the client gave up after 2 attempts/);
      } finally {
        session.close();
      }
    }
  });

  it('hands each response its exchange\'s hops when the session keeps its trace, and only its own', async () => {
    const kept = openOwnSession({ seed: 1, settings: lineSettings('unstable') });
    const off = openOwnSession({ seed: 1, trace: 'off' });
    const request = { method: 'POST', url: 'http://x.invalid/notes', headers: { 'content-type': 'application/json' }, body: '{"content":"tea"}' };
    try {
      const transport = sessionTransport(kept, 'http://x.invalid', 'anonymous', true, 'my-app');
      await transport.exchange({ ...request, method: 'GET', url: 'http://x.invalid/notes', body: undefined, headers: {} }, undefined, 1_000);
      const answer = await transport.exchange(request, undefined, 1_000);
      const hops = answer.sequence!.rows.flatMap((r) => (r.kind === 'message' ? [`${r.exchange}.${r.attempt} ${r.from}→${r.to}${r.lost ? ' LOST' : ''}`] : []));
      // The unstable line loses the first answer of the exchange; the client sends it again.
      expect(hops).toEqual([
        '1.1 anonymous→cache', '1.1 cache→origin', '1.1 origin→cache', '1.1 cache→anonymous LOST',
        '1.2 anonymous→cache', '1.2 cache→origin', '1.2 origin→cache', '1.2 cache→anonymous',
      ]);
      expect(answer.sequence!.lanes.at(-1)).toEqual({ id: 'origin', label: 'my-app', kind: 'app' });
      const nothing = await sessionTransport(off, 'http://x.invalid').exchange(request, undefined, 1_000);
      expect(nothing.sequence).toBeUndefined();
    } finally {
      kept.close();
      off.close();
    }
  });
});
