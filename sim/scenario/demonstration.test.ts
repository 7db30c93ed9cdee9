import { describe, expect, it } from 'vitest';
import { noteText } from '../../api/cli/render/timeline.js';
import { builtin } from './resolve.js';
import { runScenario } from './run.js';

const run = async (name: string, seed = 1) => {
  const { spec } = builtin(name, seed);
  return runScenario(name, spec, { seed });
};

describe('the spec demonstration (§3) runs end to end', () => {
  it.each(['put', 'delete'])('an unstable line re-sends %s and ends in the same state as a stable one', async (method) => {
    const stable = await run(`notes-stable-${method}`);
    const unstable = await run(`notes-unstable-${method}`);
    expect(unstable.finalState).toEqual(stable.finalState);
    expect(stable.summary.every((x) => x.attempts === 1)).toBe(true);
    expect(unstable.summary.every((x) => x.attempts === 2)).toBe(true); // every response lost once, exactly once
    // The origin really processed both copies of every write. A re-sent GET of a note that exists is answered
    // by the cache: the lost response had been stored on its way past, before the WAN lost it.
    const writes = stable.summary.filter((x) => x.method !== 'GET').length;
    const storedReads = unstable.summary.filter((x) => x.method === 'GET' && x.status === 200).length;
    expect(unstable.originRequests).toBe(2 * stable.originRequests - storedReads);
    expect(unstable.cache.hits).toBe(storedReads);
    expect(writes).toBeGreaterThan(0);
  });

  it('an unstable line re-sends a POST and the origin creates a second note', async () => {
    const stable = await run('notes-stable-post');
    const unstable = await run('notes-unstable-post');
    expect(stable.finalState.notesCount).toBe(1);
    expect(unstable.finalState.notesCount).toBe(2);
    expect(unstable.finalState.notes.map((n) => n.content)).toEqual(['buy milk', 'buy milk']);
    expect(unstable.summary[0]).toMatchObject({ method: 'POST', status: 201, attempts: 2 });
  });

  it('the demonstration asks for the naive client by name, since the default client no longer re-sends a POST', async () => {
    for (const method of ['put', 'delete', 'post']) {
      for (const line of ['stable', 'unstable']) expect((await run(`notes-${line}-${method}`)).settings.client.policy).toBe('naive');
    }
  });

  it('a re-sent DELETE sees 404 the second time: idempotence is about state, not about the response', async () => {
    const unstable = await run('notes-unstable-delete');
    expect(unstable.summary.map((x) => [x.method, x.status])).toEqual([['PUT', 200], ['DELETE', 404], ['GET', 404]]);
  });

  it('measures latency from the first send to the whole response, re-sends included', async () => {
    const stable = await run('notes-stable-post');
    // 22-byte request, 29-byte response: 60 + 0.088 + 15 + 60 + 0.116 ms
    expect(stable.summary[0]).toMatchObject({ latencyMs: 135.204, requestBytes: 22, responseBytes: 29 });
    const unstable = await run('notes-unstable-post');
    // the re-send leaves at the 500 ms timeout and takes the same 135.204 ms
    expect(unstable.summary[0]!.latencyMs).toBe(635.204);
  });

  it('queues two bodies sent at once behind each other on the transmitter', async () => {
    const result = await run('notes-queued-transmitter');
    // 2014-byte requests take 8.056 ms to serialize, 2021-byte responses 8.084 ms.
    // first:  8.056 + 60 + 15 + 8.084 + 60                                   = 151.140
    // second: waits 8.056, 8.056 + 60 + 15, then waits 0.028 for the first response's transmitter,
    //         8.084 + 60                                                     = 159.224
    expect(result.summary.map((x) => x.latencyMs)).toEqual([151.14, 159.224]);
    const sends = result.trace.events.filter((e) => e.kind === 'send' && e.from === 'client');
    expect(sends.map((e) => [e.queuedUs, e.transmitUs])).toEqual([[0, 8_056], [8_056, 8_056]]);
    expect(sends.map(noteText)).toEqual(['via wan:client, tx 8.056 ms', 'via wan:client, queued 8.056 ms, tx 8.056 ms']);
  });
});

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the safe client (the default) does not re-send a POST without a key', () => {
  it('on an unstable line: one note, as on a stable line, and the client reports the outcome as unknown', async () => {
    const stable = await run('notes-stable-post-safe');
    const unstable = await run('notes-unstable-post-safe');
    expect(unstable.settings.client.policy).toBe('safe');
    expect(unstable.finalState).toEqual(stable.finalState);
    expect(unstable.finalState.notesCount).toBe(1);
    expect(unstable.originRequests).toBe(1);
    expect(unstable.summary[0]).toMatchObject({ method: 'POST', status: null, attempts: 1, outcome: 'unknown', latencyMs: null });
    expect(unstable.trace.events.some((e) => e.kind === 'resend')).toBe(false);
    const giveUp = unstable.trace.events.find((e) => e.kind === 'give-up');
    expect(giveUp).toMatchObject({ atUs: 500_000, note: 'outcome unknown: safe policy does not re-send a POST without an idempotency-key' });
  });

  it('a stable line is not affected: one attempt, one 201', async () => {
    const stable = await run('notes-stable-post-safe');
    expect(stable.summary[0]).toMatchObject({ status: 201, attempts: 1, outcome: 'response', latencyMs: 135.204 });
  });
});

describe('the keyed client gives the POST an Idempotency-Key and re-sends it', () => {
  it('on an unstable line: two attempts, both with the same key, one drawn from the seed', async () => {
    const unstable = await run('notes-unstable-post-keyed');
    expect(unstable.settings.client.policy).toBe('keyed');
    expect(unstable.summary[0]).toMatchObject({ method: 'POST', status: 201, attempts: 2, outcome: 'response' });
    const key = unstable.exchanges[0]!.request.headers['idempotency-key'];
    expect(key).toMatch(uuidV4);
    // The trace names the key the re-send carried; the exchange's request is what every attempt sends.
    const resend = unstable.trace.events.find((e) => e.kind === 'resend');
    expect(resend).toMatchObject({ atUs: 500_000, attempt: 2, note: `keyed policy, idempotency-key ${key!}` });
    expect((await run('notes-unstable-post-keyed', 1)).exchanges[0]!.request.headers['idempotency-key']).toBe(key);
    expect((await run('notes-unstable-post-keyed', 2)).exchanges[0]!.request.headers['idempotency-key']).not.toBe(key);
  });

  it('on a stable line: the key travels, one attempt, one note', async () => {
    const stable = await run('notes-stable-post-keyed');
    expect(stable.exchanges[0]!.request.headers['idempotency-key']).toMatch(uuidV4);
    expect(stable.summary[0]).toMatchObject({ status: 201, attempts: 1 });
    expect(stable.finalState.notesCount).toBe(1);
  });

  it('on an unstable line: the origin replays its first 201 to the re-send, so there is one note, as on a stable line', async () => {
    const [stable, unstable] = [await run('notes-stable-post-keyed'), await run('notes-unstable-post-keyed')];
    expect(unstable.finalState).toEqual(stable.finalState);
    expect(unstable.summary[0]).toMatchObject({ status: 201, attempts: 2 });
    expect(unstable.exchanges[0]!.response!.headers['idempotent-replayed']).toBe('true');
    expect(unstable.originRequests).toBe(2); // both copies reached the origin; only one took effect
  });
});
