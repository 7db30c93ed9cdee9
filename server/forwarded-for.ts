import { isIP, type Socket } from 'node:net';
import type { Headers } from '../src/http/message.js';

/** The far end of a connection, as the server sees it. */
type Peer = Pick<Socket, 'remoteAddress' | 'remotePort'>;

/**
 * Which peers may say who the client is: the proxies of this process (`--front`), known by the very
 * connections they opened, and the addresses of `--trust-proxy`. Behind the front every request reached
 * the origin from the cache's address, so one client's wrong passwords used up the address's login
 * budget for everyone; a header any client can write must not decide it either.
 */
export class TrustedFronts {
  /** `address:port` of each connection an in-process proxy holds to the server behind it. */
  readonly #connections = new Set<string>();
  readonly #addresses: ReadonlySet<string>;
  /** A kept-alive connection carries many requests; it is marked once. */
  readonly #seen = new WeakSet<Socket>();

  constructor(addresses: readonly string[] = []) {
    this.#addresses = new Set(addresses.map(canonical));
  }

  /** Called by a proxy for each connection it opens upstream; forgotten when it closes. */
  opened(socket: Socket): void {
    if (this.#seen.has(socket)) return;
    this.#seen.add(socket);
    const mark = (): void => {
      const key = `${socket.localAddress}:${socket.localPort}`;
      this.#connections.add(key);
      socket.once('close', () => this.#connections.delete(key));
    };
    if (socket.connecting) socket.once('connect', mark);
    else mark();
  }

  /** Whether the peer at the other end of `socket` is one of the fronts. */
  trusts(socket: Peer): boolean {
    const address = socket.remoteAddress;
    if (address === undefined) return false;
    return this.#connections.has(`${address}:${socket.remotePort}`) || this.#addresses.has(canonical(address));
  }
}

/**
 * The client's address: the socket's, or, from a trusted front, the last hop it names (the one it saw
 * itself: RFC 7239 §5.2's `for`, else the last of `X-Forwarded-For`). Only the last, because whatever
 * stands before it came from the client and proves nothing.
 */
export function clientAddressOf(socket: Peer, headers: Headers, fronts: TrustedFronts | undefined): string | undefined {
  const own = socket.remoteAddress;
  if (fronts === undefined || !fronts.trusts(socket)) return own;
  return lastForwardedFor(headers) ?? own;
}

/** The `Forwarded` field a proxy sends upstream: this hop's view of the client, replacing whatever the client sent. */
export function forwardedField(clientAddress: string): string {
  // RFC 7239 §6: an IPv6 node is bracketed and quoted.
  return isIP(clientAddress) === 6 ? `for="[${clientAddress}]"` : `for=${clientAddress}`;
}

function lastForwardedFor(headers: Headers): string | undefined {
  const forwarded = headers.forwarded;
  if (forwarded !== undefined) {
    const elements = forwarded.split(',');
    const last = elements[elements.length - 1] ?? '';
    const pair = last.split(';').map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('for='));
    return pair === undefined ? undefined : node(pair.slice(4));
  }
  const xff = headers['x-forwarded-for']?.split(',');
  return xff === undefined ? undefined : node(xff[xff.length - 1] ?? '');
}

/** A node as a throttle counts it: unquoted, without brackets or port; an IP address in its canonical form. */
function node(text: string): string | undefined {
  let value = text.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed !== null) value = bracketed[1]!;
  else if (/^[^:]+:\d+$/.test(value)) value = value.slice(0, value.indexOf(':'));
  if (value === '' || value.length > 100) return undefined;
  return canonical(value);
}

/** `::ffff:127.0.0.1`, as node reports an IPv4 peer on a dual-stack socket, is `127.0.0.1`. */
function canonical(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}
