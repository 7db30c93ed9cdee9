import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import { graphMediaType } from '../../src/graph/http/graph-error.js';
import { request, type HttpResponse, splitPath } from '../../src/http/message.js';
import type { SocketOpening } from '../../src/origin-socket.js';
import { TestOrigin } from '../../src/testing-kit.js';
import { credentialHeaders, identifies } from './fuzz-credentials.js';
import { described, thrown } from './fuzz-exchange.js';
import { doorOf, type DoorVariant, knock, realDoor } from './fuzz-socket-door.js';
import { expectedHandshake, type HandshakeVerdict } from './fuzz-socket-handshake.js';
import { type UpgradeAttempt, upgradeAttempts } from './fuzz-socket-upgrades.js';
import { replayable } from './replay.js';

/**
 * The WebSocket handshake (spec §5.1, RFC 6455 §4), a white-box check: it counts the sockets the origin's
 * door opens and the audit entry of every knock. The WebSocket door answers 101 only to a valid graphql-ws
 * upgrade by a caller gate 1 identifies. Anything else gets the one precise 4xx the handshake model names
 * (`fuzz-socket-handshake.ts`), as problem details with its slug (without a body to HEAD, RFC 9110 §9.3.2),
 * and 401 before anything that depends on who is calling; never a 5xx, never a throw; a refused upgrade opens
 * no socket and a 101 opens exactly one; every knock is audited; no knock changes the origin's state. A
 * request that does not ask for WebSocket is an ordinary request and never gets 101. The variants that must
 * break it: an upgrade that skips gate 1 (authentication left to `connection_init`, as many graphql-ws
 * servers do), and the door as it was before this property found its gaps: `Connection` not asked, the
 * subprotocol compared without case.
 */

const file = 'properties/white-box/fuzz-websocket-upgrade.test.ts';
const quickRuns = 300;
const login = new Set(['/sessions', '/tokens']);
const gateStatuses = new Set([401, 429]);

const silentPeer: SocketPeer = { send: () => undefined, close: () => undefined };

/** What a refused upgrade must say besides its status: RFC 9457 problem details under the model's slug. */
function refusalFault(res: HttpResponse, verdict: Extract<HandshakeVerdict, { kind: 'refuse' }>, head: boolean): string | undefined {
  if (res.headers['content-type'] !== 'application/problem+json') return `the ${res.status} is labelled ${JSON.stringify(res.headers['content-type'])}`;
  if (verdict.status === 401 && res.headers['www-authenticate'] === undefined) return 'the 401 has no WWW-Authenticate';
  if (verdict.status === 405 && res.headers.allow !== 'GET') return `the 405 allows ${JSON.stringify(res.headers.allow)}, not GET`;
  if (verdict.status === 426 && res.headers['sec-websocket-version'] !== '13') return 'the 426 does not name version 13';
  if (head) return res.body === undefined ? undefined : `a ${res.status} to HEAD has a body`;
  const body = JSON.parse(res.body ?? 'null') as Record<string, unknown> | null;
  if (body?.type !== `/problems/${verdict.slug}`) return `the ${res.status} says ${JSON.stringify(body?.type)}, not /problems/${verdict.slug} (${verdict.why})`;
  if (body.status !== res.status || typeof body.title !== 'string' || typeof body.detail !== 'string' || body.detail === '') return `the ${res.status} is not whole problem details`;
  return undefined;
}

/** An ordinary request's 4xx: GraphQL errors at `/graphql` (but for the gates), problem details elsewhere. */
function ordinaryFault(a: UpgradeAttempt, res: HttpResponse): string | undefined {
  const { pathname } = splitPath(a.path);
  if (!login.has(pathname)) {
    if (!identifies(a.credential) && res.status !== 401) return `an ordinary request without a valid credential got ${res.status}, not 401`;
    if (identifies(a.credential) && res.status === 401) return 'an ordinary request with a valid credential got 401';
  }
  if (res.status < 400) return undefined;
  const expected = pathname === '/graphql' && !gateStatuses.has(res.status) ? graphMediaType : 'application/problem+json';
  if (res.headers['content-type'] !== expected) return `an ordinary ${res.status} is labelled ${JSON.stringify(res.headers['content-type'])}, not ${expected}`;
  if (a.method === 'HEAD') return res.body === undefined ? undefined : `an ordinary ${res.status} to HEAD has a body`;
  return undefined;
}

function judged(a: UpgradeAttempt, opening: SocketOpening, opened: number): string | undefined {
  const res = opening.response;
  const who = identifies(a.credential) ? 'a caller with a valid credential' : 'a caller without a valid credential';
  if (!Number.isInteger(res.status) || res.status < 100 || res.status >= 500) return `${who} got ${res.status}`;
  const verdict = expectedHandshake(a);
  switch (verdict.kind) {
    case 'plain':
      if (res.status === 101 || opening.socket !== undefined || opened !== 0) return `a request without Upgrade: websocket got ${res.status} and opened ${opened} socket(s)`;
      return ordinaryFault(a, res);
    case 'refuse':
      if (res.status !== verdict.status) return `${who} got ${res.status}, not ${verdict.status} (${verdict.why})`;
      if (opening.socket !== undefined || opened !== 0) return `a refused upgrade opened ${opened} socket(s)`;
      return refusalFault(res, verdict, a.method === 'HEAD');
    case 'open':
      if (res.status !== 101) return `${who} got ${res.status} for a valid upgrade, not 101`;
      if (opening.socket === undefined || opened !== 1) return `a 101 opened ${opened} socket(s)`;
      if (res.headers['sec-websocket-protocol'] !== 'graphql-transport-ws' || res.headers.upgrade !== 'websocket' || res.body !== undefined) return `the 101 is not a graphql-ws switch: ${JSON.stringify(res)}`;
      return undefined;
  }
}

/** Knocks on a fresh origin (through `variant`) with each attempt, and throws at the first the model condemns. */
async function upgradeRun(attempts: readonly UpgradeAttempt[], variant: DoorVariant = realDoor): Promise<void> {
  const t = new TestOrigin();
  const door = variant(t);
  for (const [i, a] of attempts.entries()) {
    const req = request(a.method, a.path, { ...a.headers, ...(await credentialHeaders(t, a.credential)) });
    const stateBefore = JSON.stringify(door.state());
    const socketsBefore = door.graphStats().openSockets;
    const auditBefore = door.audit.records.length;
    let verdict: string | undefined;
    try {
      const opening = await knock(door, req, silentPeer);
      verdict = judged(a, opening, door.graphStats().openSockets - socketsBefore);
      const upgrade = expectedHandshake(a).kind !== 'plain';
      if (verdict === undefined && upgrade && JSON.stringify(door.state()) !== stateBefore) verdict = `an upgrade answered ${opening.response.status} changed the state`;
      const audited = door.audit.records.at(-1);
      if (verdict === undefined && upgrade && (door.audit.records.length !== auditBefore + 1 || audited?.operation !== 'open socket' || audited.status !== opening.response.status)) {
        verdict = `the upgrade answered ${opening.response.status} is not audited as one "open socket" record`;
      }
    } catch (error) {
      verdict = `the door threw ${thrown(error)}`;
    }
    if (verdict !== undefined) throw new Error(`${verdict}\n  knock ${i + 1} of ${attempts.length}: ${described({ ...a, body: undefined })}`);
  }
}

/** Authentication left to `connection_init`: the handshake is checked, and everyone who gets it right is let in. */
const skipsGateOne: DoorVariant = (t) => {
  const guest = t.session('alice');
  const asGuest = (headers: Readonly<Record<string, string>>) => ({ ...Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'authorization')), ...guest });
  return { ...doorOf(t.origin), openSocket: (req, peer) => t.origin.openSocket({ ...req, headers: asGuest(req.headers) }, peer) };
};

/** The door before the fix: an `Upgrade` header was enough, whatever `Connection` said. */
const ignoresConnection: DoorVariant = (t) => ({ ...doorOf(t.origin), openSocket: (req, peer) => t.origin.openSocket({ ...req, headers: { ...req.headers, connection: 'Upgrade' } }, peer) });

/** The door before the fix: `GRAPHQL-TRANSPORT-WS` was taken for ours, and the 101 named a protocol the client never offered. */
const subprotocolAnyCase: DoorVariant = (t) => ({
  ...doorOf(t.origin),
  openSocket: (req, peer) => {
    const offered = req.headers['sec-websocket-protocol'];
    return t.origin.openSocket(offered === undefined ? req : { ...req, headers: { ...req.headers, 'sec-websocket-protocol': offered.toLowerCase() } }, peer);
  },
});

const failing = (variant: DoorVariant, seed: number) => fc.check(fc.asyncProperty(upgradeAttempts, (a) => upgradeRun(a, variant)), { numRuns: quickRuns, seed });

describe('the WebSocket door opens only for a valid upgrade by an identified caller', () => {
  test.prop([upgradeAttempts], replayable<[UpgradeAttempt[]]>(file, quickRuns))('any handshake headers, any credential', (a) => upgradeRun(a));

  test('teeth: an upgrade that skips gate 1 is caught, on one knock without a valid credential', async () => {
    const result = await failing(skipsGateOne, 11);
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk).toHaveLength(1);
    expect(identifies(shrunk[0]!.credential)).toBe(false);
    expect(String(result.errorInstance)).toMatch(/a caller without a valid credential got \d+, not 401/);
  });

  test('teeth: a door that does not ask for Connection: Upgrade is caught, on one knock', async () => {
    const result = await failing(ignoresConnection, 12);
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk).toHaveLength(1);
    expect(String(result.errorInstance)).toMatch(/got 101, not 400 \(Connection without the Upgrade token\)/);
  });

  test('teeth: a subprotocol compared without case is caught, on one knock', async () => {
    const result = await failing(subprotocolAnyCase, 15);
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk).toHaveLength(1);
    expect(shrunk[0]!.headers['sec-websocket-protocol']).toMatch(/[A-Z]/);
    // A 101, or the refusal for the next thing wrong (`Connection`): either way not the subprotocol's 400.
    expect(String(result.errorInstance)).toMatch(/(got 101, not 400|not \/problems\/websocket-subprotocol) \(graphql-transport-ws not offered\)/);
  });
});
