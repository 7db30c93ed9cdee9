import type { HttpRequest } from './message.js';

/**
 * A request that asks to switch the connection to WebSocket (RFC 6455 §4.1, RFC 9110 §7.8): `Upgrade`
 * names `websocket` (a case-insensitive token, possibly among others). The shared cache passes such a
 * request and everything after it through untouched; the origin answers it with 101 or a refusal.
 */
export function isWebSocketUpgrade(req: HttpRequest): boolean {
  const upgrade = req.headers.upgrade;
  return upgrade !== undefined && hasToken(upgrade, 'websocket');
}

/** True when a comma-separated header value holds `token`, compared without case (RFC 9110 §5.6.1). */
export function hasToken(value: string, token: string): boolean {
  return value.split(',').some((part) => part.trim().toLowerCase() === token);
}
