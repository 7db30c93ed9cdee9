import { splitPath } from '../../src/http/message.js';
import { identifies } from './fuzz-credentials.js';
import type { UpgradeAttempt } from './fuzz-socket-upgrades.js';

/**
 * What the WebSocket door must answer an upgrade request, written from the standards and docs/decisions/subscriptions.md
 * ("Subscriptions over the simulated link"), not from the code: the oracle of the handshake property.
 *
 * - Not an upgrade at all (no `websocket` among the `Upgrade` tokens): an ordinary request, never 101.
 * - Gate 1 first: without a valid credential, 401 whatever else is wrong (spec §5.1).
 * - Then the handshake, in this order: 404 off `/graphql`; 405 for a method other than GET (RFC 6455 §4.1);
 *   403 for an `Origin` whose host (port included, without case) is not the `Host` the request names, an
 *   opaque `null` included: a page of another site (cross-site WebSocket hijacking, RFC 6455 §10.2); no
 *   `Origin` at all is a client that is not a browser and passes;
 *   426 for a `Sec-WebSocket-Version` other than `13` (§4.4); 400 when `graphql-transport-ws` is not among
 *   the subprotocols offered, compared exactly as graphql-ws's own `handleProtocols` does (a client checks
 *   the echoed name against what it offered, byte for byte); 400 when `Connection` lacks the `Upgrade` token
 *   (RFC 6455 §4.2.1 item 4, RFC 9110 §7.8). `Sec-WebSocket-Key` is not modelled (decisions), so it never
 *   matters.
 * - Otherwise 101.
 */
export type HandshakeVerdict =
  | { readonly kind: 'plain' }
  | { readonly kind: 'open' }
  | { readonly kind: 'refuse'; readonly status: number; readonly slug: string; readonly why: string };

/** The elements of a comma-separated header (RFC 9110 §5.6.1), empty ones dropped. */
function elements(value: string | undefined): string[] {
  return value === undefined ? [] : value.split(',').map((part) => part.trim()).filter((part) => part !== '');
}

const lower = (parts: readonly string[]) => parts.map((p) => p.toLowerCase());

/** RFC 6454 §6.1: an origin serialises as scheme://host[:port]; only host and port can match a `Host`. */
function sameHost(origin: string, host: string | undefined): boolean {
  // The scheme too: apisim serves plain http only, so an https: or ws: page naming this host:port is not its own.
  const match = /^http:\/\/([^/?#]+)$/i.exec(origin.trim());
  return match !== null && host !== undefined && match[1]!.toLowerCase() === host.trim().toLowerCase();
}

export function isUpgradeAttempt(a: UpgradeAttempt): boolean {
  return lower(elements(a.headers.upgrade)).includes('websocket');
}

export function expectedHandshake(a: UpgradeAttempt): HandshakeVerdict {
  if (!isUpgradeAttempt(a)) return { kind: 'plain' };
  const refuse = (status: number, slug: string, why: string): HandshakeVerdict => ({ kind: 'refuse', status, slug, why });
  if (!identifies(a.credential)) return refuse(401, 'unauthenticated', 'no valid credential');
  if (splitPath(a.path).pathname !== '/graphql') return refuse(404, 'not-found', 'not the graph endpoint');
  if (a.method !== 'GET') return refuse(405, 'method-not-allowed', 'not GET');
  if (a.headers.origin !== undefined && !sameHost(a.headers.origin, a.headers.host)) return refuse(403, 'websocket-origin', 'Origin of another site');
  if (a.headers['sec-websocket-version'] !== '13') return refuse(426, 'websocket-version', 'not WebSocket version 13');
  if (!elements(a.headers['sec-websocket-protocol']).includes('graphql-transport-ws')) return refuse(400, 'websocket-subprotocol', 'graphql-transport-ws not offered');
  if (!lower(elements(a.headers.connection)).includes('upgrade')) return refuse(400, 'websocket-handshake', 'Connection without the Upgrade token');
  return { kind: 'open' };
}
