import { isIP } from 'node:net';
import type { HttpResponse } from '../src/http/message.js';
import { problem, problemResponse } from '../src/http/problem.js';

/**
 * Which `Host` values a server answers (`--allowed-hosts`). A page on a site whose DNS name an attacker
 * points at 127.0.0.1 (DNS rebinding) is same-origin with that name, so the browser lets it read
 * whatever this server answers; the one thing it cannot change is the `Host` it sends: the attacker's name.
 * `any` switches the check off (a front of one's own that checks `Host` already).
 */
export type AllowedHosts = { readonly kind: 'any' } | { readonly kind: 'names'; readonly names: readonly string[] };

/** Vite's and webpack-dev-server's default: loopback names and IP literals only (plus what `--allowed-hosts` adds). */
export const loopbackOnly: AllowedHosts = { kind: 'names', names: [] };

/** A name as `--allowed-hosts` takes it: letters, digits, `-` and `.`; a leading `.` takes every name below too. */
const namePattern = /^\.?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/i;

/** Reads `--allowed-hosts`: `all`, or names separated by commas; undefined for anything else. */
export function parseAllowedHosts(text: string | undefined): AllowedHosts | undefined {
  if (text === undefined) return loopbackOnly;
  if (text === 'all') return { kind: 'any' };
  const names = text.split(',').map((name) => name.trim().toLowerCase());
  return names.every((name) => namePattern.test(name)) ? { kind: 'names', names } : undefined;
}

/**
 * Whether a request with this `Host` is answered. Allowed: `localhost` and any name under `.localhost`
 * (RFC 6761 §6.3: they resolve to loopback and no DNS server may say otherwise), any IP address literal
 * (rebinding needs a name), and the names given. The port is not judged: a browser's port is the
 * attacker's only when the name is. No `Host` at all (HTTP/1.0) is no browser's request, and is answered.
 */
export function hostAllowed(host: string | undefined, allowed: AllowedHosts): boolean {
  if (allowed.kind === 'any' || host === undefined) return true;
  const name = hostName(host);
  if (name === undefined) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0 || name.startsWith('[')) return true;
  return allowed.names.some((allowedName) => (allowedName.startsWith('.') ? name === allowedName.slice(1) || name.endsWith(allowedName) : name === allowedName));
}

/**
 * The host of a `Host` field, lower-case, by the WHATWG URL parser (so `0x7f000001` is `127.0.0.1`, as a
 * browser would have connected), without one trailing dot; undefined for anything that is not
 * `host[:port]` (userinfo, a path, spaces).
 */
function hostName(field: string): string | undefined {
  const value = field.trim();
  if (!/^(?:\[[0-9a-f:.]+\]|[^\s@/?#\\[\]:]+)(?::\d*)?$/i.test(value)) return undefined;
  try {
    return new URL(`http://${value}`).hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

/**
 * 421 Misdirected Request (RFC 9110 §15.5.20): this server does not answer for that name. Not 403: nothing
 * about the caller is judged, and the same request to an allowed name is answered.
 */
export function misdirected(host: string): HttpResponse {
  return problemResponse(
    problem(421, 'host-not-allowed', 'Misdirected Request',
      `This server does not answer requests for the host ${JSON.stringify(host)}: a name that is not this machine's loopback may be a DNS rebinding attack. Start it with --allowed-hosts NAME to serve that name.`),
    { 'cache-control': 'no-store' },
  );
}
