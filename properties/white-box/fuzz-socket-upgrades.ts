import { fc } from '@fast-check/vitest';
import { type Credential, credential } from './fuzz-credentials.js';

/**
 * Upgrade requests for the WebSocket door: `GET /graphql` asking for graphql-ws, with
 * each handshake header right, missing or odd (RFC 6455 §4.1: `Upgrade`, `Connection`, `Sec-WebSocket-Key`,
 * `Sec-WebSocket-Version`, `Sec-WebSocket-Protocol`), any credential the HTTP fuzzing draws, and now and
 * then another method or path. Each header is right more often than not, so that most requests get one or
 * two things wrong: that is where a handshake check has its gaps.
 */

export interface UpgradeAttempt {
  readonly credential: Credential;
  readonly method: string;
  readonly path: string;
  /** Never `authorization` or `cookie`: those are the credential's to set. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A header that is right (some spellings), absent, odd, or anything. */
function field(right: readonly string[], odd: readonly string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...right) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...odd) },
    { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
  );
}

const upgrade = field(
  ['websocket', 'websocket', 'WebSocket', 'WEBSOCKET', 'h2c, websocket', 'websocket, h2c', 'websocket,'],
  ['websocket/13', 'web socket', 'websockets', 'h2c', '', ',', 'ws', 'websocket\u0000', 'wss'],
);

const connection = field(
  ['Upgrade', 'Upgrade', 'upgrade', 'UPGRADE', 'keep-alive, Upgrade', 'Upgrade, HTTP2-Settings'],
  ['close', 'keep-alive', '', 'upgrade-insecure-requests', 'Upgrade;', 'Up grade', 'websocket', ','],
);

const version = field(['13'], ['8', '7', '12', '14', '13, 8', '8, 13', ' 13', '13 ', '013', '+13', '13.0', '', 'thirteen', '\uff11\uff13', '13\u0000']);

/** A long list of offers, with or without ours at its end. */
const manyOffers = fc.record({ n: fc.integer({ min: 2, max: 2000 }), ours: fc.boolean() })
  .map(({ n, ours }) => [...Array.from({ length: n }, (_, i) => `p${i}`), ...(ours ? ['graphql-transport-ws'] : [])].join(', '));

const subprotocol = fc.oneof(
  { weight: 12, arbitrary: field(
    ['graphql-transport-ws', 'graphql-transport-ws', 'graphql-ws, graphql-transport-ws', 'graphql-transport-ws, graphql-ws', 'chat,graphql-transport-ws', 'x,  graphql-transport-ws'],
    ['graphql-ws', 'GRAPHQL-TRANSPORT-WS', 'Graphql-Transport-Ws', 'graphql-ws, GRAPHQL-transport-ws', 'graphql_transport_ws', 'graphql-transport-ws2', 'graphql-transport', '', ',', ', ,', 'graphql-transport-ws;q=1', '"graphql-transport-ws"'],
  ) },
  { weight: 1, arbitrary: manyOffers },
);

/** Not checked by the door (docs/decisions/subscriptions.md: `Sec-WebSocket-Key` is not modelled), so any value must do. */
const key = field(['dGhlIHNhbXBsZSBub25jZQ=='], ['', 'x', 'dGhlIHNhbXBsZSBub25jZQ', '====', '\ud800']);

const handshakeNames = new Set(['upgrade', 'connection', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-protocol', 'authorization', 'cookie']);

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Record<string, string>>({}) },
  { weight: 2, arbitrary: fc.constantFrom<Record<string, string>>({ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-websocket-extensions': 'permessage-deflate; client_max_window_bits' }, { host: '' }, { 'content-length': '5' }) },
  { weight: 1, arbitrary: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/).filter((n) => !handshakeNames.has(n)), fc.string({ maxLength: 30 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-fuzz-${i}`, 'v'.repeat(i)]))) },
);

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 2, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'OPTIONS', 'CONNECT', 'get', '', 'GET ') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

const path = fc.oneof(
  { weight: 8, arbitrary: fc.constant('/graphql') },
  { weight: 2, arbitrary: fc.constantFrom('/graphql?x=1', '/graphql?query=%7B', '/graphql/', '/GRAPHQL', '/graphql%00', '/notes/1', '/', '', '*', '/sessions', '/tokens', '/orders/121', '//graphql') },
  { weight: 1, arbitrary: fc.webPath() },
);

const headers = fc.record({ upgrade, connection, key, version, subprotocol, extra: extraHeaders }).map(({ upgrade: u, connection: c, key: k, version: v, subprotocol: p, extra }) => {
  const named: [string, string | undefined][] = [['upgrade', u], ['connection', c], ['sec-websocket-key', k], ['sec-websocket-version', v], ['sec-websocket-protocol', p]];
  return { ...extra, ...Object.fromEntries(named.filter((h): h is [string, string] => h[1] !== undefined)) };
});

export const upgradeAttempt: fc.Arbitrary<UpgradeAttempt> = fc.record({ credential, method, path, headers });

/** A few knocks on one origin, so later ones meet the sockets and the rate limit earlier ones left. */
export const upgradeAttempts = fc.array(upgradeAttempt, { maxLength: 4 });
