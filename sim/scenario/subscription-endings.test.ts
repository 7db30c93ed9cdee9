import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../src/http/message.js';
import { addCommentMutation, commentAddedSubscription } from './builtin/graph-subscriptions.js';
import { runScenario } from './run.js';
import { parseScenario, type ScenarioInput } from './spec.js';

const runSpec = async (input: ScenarioInput, seed = 1) => runScenario('test', parseScenario(input), { seed });

/** The timing model's numbers (DESIGN.md). */
const wanOneWayUs = 60_000;
const usPerByte = 4;
const originUs = 15_000;
/** A bodiless upgrade GET reaches the origin after one WAN crossing and is answered after the origin's time. */
const upgradedUs = wanOneWayUs + originUs;

const silent = { client: 'bob', atUs: 0, query: commentAddedSubscription, variables: { postId: '9' }, connectionInit: false };
const timeoutReason = 'Connection initialisation timeout';

describe('the wait for connection_init, on the virtual clock', () => {
  it('closes a socket that never sends connection_init with 4408 exactly 3 s after its 101', async () => {
    const result = await runSpec({ steps: [{ client: 'alice', atUs: 0, method: 'GET', path: '/users/1' }], subscriptions: [silent] });
    const [bob] = result.subscriptions;
    expect(bob).toMatchObject({ handshakeStatus: 101, outcome: 'closed', close: { code: 4408, reason: timeoutReason }, sent: [] });
    const deadlineUs = upgradedUs + 3_000_000;
    const atOrigin = result.trace.events.filter((e) => e.from === 'origin' && e.exchangeId === bob!.connection && e.method === 'WS');
    expect(atOrigin.map((e) => [e.kind, e.atUs, e.note])).toEqual([
      ['timeout', deadlineUs, 'no connection_init within 3000.000 ms'],
      ['send', deadlineUs, 'close 4408'],
      ['deliver', deadlineUs, 'close 4408'],
    ]);
    // The close frame is 2 bytes of code and its reason (RFC 6455), on bob's WAN like any frame.
    const closeBytes = 2 + utf8Bytes(timeoutReason);
    const delivered = result.trace.events.find((e) => e.kind === 'deliver' && e.to === 'bob' && e.method === 'WS');
    expect(delivered?.atUs).toBe(deadlineUs + closeBytes * usPerByte + wanOneWayUs);
    expect(result.graph).toMatchObject({ openSockets: 0, activeSubscriptions: 0 });
  });

  it('waits as long as the scenario says (topology.connectionInitWaitUs)', async () => {
    const result = await runSpec({ topology: { connectionInitWaitUs: 500_000 }, steps: [{ client: 'alice', atUs: 0, method: 'GET', path: '/users/1' }], subscriptions: [silent] });
    const timeout = result.trace.events.find((e) => e.kind === 'timeout' && e.from === 'origin');
    expect(timeout?.atUs).toBe(upgradedUs + 500_000);
    expect(result.subscriptions[0]!.close?.code).toBe(4408);
  });

  it('leaves no event behind for a socket that sent connection_init: the run ends when its work does', async () => {
    const input: ScenarioInput = {
      steps: [{ client: 'alice', atUs: 400_000, method: 'POST', path: '/graphql', body: { query: addCommentMutation, variables: { postId: '9', body: 'hi' } } }],
      // No untilUs: the socket stays open to the end, so only connection_init can have stopped its wait.
      subscriptions: [{ client: 'bob', atUs: 0, query: commentAddedSubscription, variables: { postId: '9' } }],
    };
    const result = await runSpec(input);
    expect(result.subscriptions[0]).toMatchObject({ outcome: 'active' });
    expect(result.trace.events.some((e) => e.kind === 'timeout')).toBe(false);
    expect(result.endUs).toBeLessThan(upgradedUs + 3_000_000);
    // The same run waiting less than the socket took to say connection_init would have closed it.
    const hasty = await runSpec({ ...input, topology: { connectionInitWaitUs: 1_000 } });
    expect(hasty.subscriptions[0]).toMatchObject({ outcome: 'closed', close: { code: 4408 } });
  });
});

describe('a scenario subscription whose post is deleted', () => {
  it('receives the pushes before the deletion, then complete, and its client closes the socket', async () => {
    const result = await runSpec({
      steps: [
        { client: 'alice', atUs: 400_000, method: 'POST', path: '/graphql', body: { query: addCommentMutation, variables: { postId: '1', body: 'last words' } } },
        { client: 'alice', atUs: 700_000, method: 'DELETE', path: '/users/1' },
      ],
      subscriptions: [{ client: 'bob', atUs: 0, query: commentAddedSubscription, variables: { postId: '1' } }],
    });
    const [bob] = result.subscriptions;
    expect(result.summary.map((x) => x.status)).toEqual([200, 204]);
    expect(bob!.received.map((m) => [m.type, m.payload])).toEqual([
      ['next', { data: { commentAdded: { body: 'last words', author: { name: 'Alice' } } } }],
      ['complete', undefined],
    ]);
    expect(bob!.outcome).toBe('done');
    expect(result.graph).toMatchObject({ openSockets: 0, activeSubscriptions: 0 });
  });
});
