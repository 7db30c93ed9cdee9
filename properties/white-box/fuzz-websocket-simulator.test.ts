import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { defaultClientSettings } from '../../src/client/settings.js';
import { upgradeHeaders } from '../../src/graph/subscriptions/upgrade.js';
import { request } from '../../src/http/message.js';
import { createOrigin, type Origin } from '../../src/origin.js';
import { testEnvironment } from '../../src/testing-kit.js';
import { closeFrame, textFrame } from '../../sim/frame.js';
import type { OriginProcess } from '../../sim/nodes/origin-process.js';
import { RngStreams } from '../../sim/rng.js';
import { mintCredentials } from '../../sim/scenario/credentials.js';
import { Simulation } from '../../sim/simulation.js';
import { defaultTopologySettings, Topology } from '../../sim/topology.js';
import { Trace } from '../../sim/trace.js';
import { thrown } from './fuzz-exchange.js';
import { describedAction } from './fuzz-socket-model.js';
import { closeFault, readServerMessage } from './fuzz-socket-protocol.js';
import { actionsOf } from './fuzz-socket-run.js';
import { type SocketCredential, type SocketSession, socketSession } from './fuzz-socket-sessions.js';
import { replayable } from './replay.js';

/**
 * The simulator's own robustness, not a service's principle ("never an unhandled exception in the
 * simulator"): the same fuzz sessions played through the whole simulated stack (each socket's client on its
 * own WAN line, the shared cache, the LAN, the origin node that routes the upgrade and every frame) run to
 * their end without an exception or an unhandled rejection; every frame a client receives is a graphql-ws
 * server message or a close with a code the decisions name; and once every client has sent its close frame,
 * neither the origin node nor the origin holds a socket or a subscription. The origin-level properties judge
 * each answer; this one shows the stack around them carries anything. The broken variant is an origin whose
 * socket parses every frame with `JSON.parse` and no `try`: its throw escapes into the run.
 */

const file = 'properties/white-box/fuzz-websocket-simulator.test.ts';
const quickRuns = 60;
/** Far longer than any frame's trip (a 140 KB frame takes 0.6 s on the 2 Mbit/s WAN), so steps never overlap. */
const stepGapUs = 2_000_000;

const commentMutation = 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id } }';

function credentialName(c: SocketCredential): string {
  return c.kind === 'narrow-token' ? `token:${c.user}[${c.scopes.join(' ')}]` : `${c.kind}:${c.user}`;
}

type Wrap = (origin: Origin) => OriginProcess;
const asItIs: Wrap = (origin) => origin;

/** Plays the session through the simulated stack and throws at the first thing that breaks the principle. */
async function simulated(session: SocketSession, wrap: Wrap = asItIs): Promise<void> {
  const sim = new Simulation();
  const origin = createOrigin({ ...testEnvironment(), now: sim.now });
  const names = session.sockets.map((s) => credentialName(s.credential));
  const credentials = await mintCredentials(origin, new Set([...names, 'session:alice']));
  const actions = actionsOf(session);
  // The wait for connection_init outlasts the session (its steps are 2 s apart, and 4408 is not bad input's
  // answer): every socket meets the frames the fuzz sends it, and its last close stops the wait.
  const settings = { ...defaultTopologySettings, connectionInitWaitUs: (actions.length + 2) * stepGapUs };
  const top = new Topology({ sim, trace: new Trace('off'), streams: new RngStreams(1), origin: wrap(origin), settings, clientSettings: defaultClientSettings });
  const problems: string[] = [];
  const sockets = names.map((name, i) => {
    const client = `c${i + 1}`;
    const socket = { client, connection: undefined as number | undefined, closed: false };
    top.client(client).start(request('GET', '/graphql', { ...credentials.get(name), ...upgradeHeaders }), (exchange) => {
      if (exchange.response?.status !== 101) {
        problems.push(`socket ${i + 1}'s upgrade got ${exchange.response?.status ?? 'no answer'}`);
        return;
      }
      socket.connection = exchange.id;
      top.client(client).frameSinks.set(exchange.id, (env) => {
        const fault = env.closeCode === undefined ? ((m) => (typeof m === 'string' ? `${m}: ${JSON.stringify(env.text.slice(0, 80))}` : undefined))(readServerMessage(env.text)) : closeFault(env.closeCode, env.text);
        if (fault !== undefined) problems.push(`socket ${i + 1} received ${fault}`);
        if (env.closeCode !== undefined) socket.closed = true;
      });
    });
    return socket;
  });
  actions.forEach((action, k) => sim.schedule((k + 1) * stepGapUs, () => {
    switch (action.kind) {
      case 'frame':
      case 'close': {
        const s = sockets[action.socket]!;
        const node = top.client(s.client);
        if (s.connection === undefined || s.closed) return;
        if (action.kind === 'close') s.closed = true;
        const frame = action.kind === 'frame'
          ? textFrame(s.client, s.connection, 'to-origin', action.text, 'fuzz frame')
          : closeFrame(s.client, s.connection, 'to-origin', 1000, 'Normal Closure');
        top.send(node, frame);
        return;
      }
      case 'comment':
        top.client('alice').start(request('POST', '/graphql', { ...credentials.get('session:alice'), 'content-type': 'application/json' },
          JSON.stringify({ query: commentMutation, variables: { postId: String(action.postId), body: 'a comment' } })));
        return;
      case 'revoke': {
        const cookie = credentials.get(names[action.socket]!)?.cookie;
        if (cookie !== undefined) origin.login.revokeSession(cookie.slice('sid='.length));
        return;
      }
    }
  }));
  const stray: unknown[] = [];
  const onStray = (reason: unknown) => stray.push(reason);
  process.on('unhandledRejection', onStray);
  try {
    await sim.run({ maxEvents: 1_000_000 });
    await new Promise((resolve) => setImmediate(resolve));
  } catch (error) {
    problems.push(`the simulation threw ${thrown(error)}`);
  } finally {
    process.off('unhandledRejection', onStray);
  }
  if (stray.length > 0) problems.push(`a rejection nobody handled: ${thrown(stray[0])}`);
  const stats = origin.graphStats();
  if (problems.length === 0 && (top.origin.openSockets !== 0 || stats.openSockets !== 0 || stats.activeSubscriptions !== 0)) {
    problems.push(`after every close the origin node holds ${top.origin.openSockets} socket(s), the origin counts ${stats.openSockets} and ${stats.activeSubscriptions} subscription(s)`);
  }
  if (problems.length > 0) throw new Error(`${problems[0]}\nWhat the clients did:\n${actions.map((a, k) => `  ${k + 1}. ${describedAction(a)}`).join('\n')}`);
}

/** The classic: the frame parsed first, without `try`, before the connection reads it properly. */
const parsesWithoutTry: Wrap = (origin) => ({
  handle: (req) => origin.handle(req),
  alerts: origin.alerts,
  socketMessagesSettled: () => origin.socketMessagesSettled(),
  openSocket: async (req, peer) => {
    const opening = await origin.openSocket(req, peer);
    const socket = opening.socket;
    if (socket === undefined) return opening;
    return {
      ...opening,
      socket: {
        receive: (text) => {
          JSON.parse(text);
          return socket.receive(text);
        },
        closedByClient: () => socket.closedByClient(),
      },
    };
  },
});

describe('the simulator carries any frames on graph sockets without an unhandled exception', () => {
  test.prop([socketSession], replayable<[SocketSession]>(file, quickRuns))('any frames through client, cache and origin', (s) => simulated(s));

  test('teeth: an origin that parses frames without try fails the run, on one frame that is not JSON', async () => {
    const result = await fc.check(fc.asyncProperty(socketSession, (s) => simulated(s, parsesWithoutTry)), { numRuns: quickRuns, seed: 51 });
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk.steps).toHaveLength(1);
    expect(String(result.errorInstance)).toMatch(/the simulation threw SyntaxError/);
  });
});
