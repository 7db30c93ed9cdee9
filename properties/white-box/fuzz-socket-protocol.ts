import { Buffer } from 'node:buffer';
import { maxClientMessageDepth } from '../../src/graph/subscriptions/client-message.js';
import { duplicateMembers } from '../../src/http/duplicate-members.js';

/**
 * The graphql-ws protocol (github.com/enisdenjo/graphql-ws, PROTOCOL.md, subprotocol `graphql-transport-ws`)
 * as the WebSocket fuzz properties read it, written from that document and docs/decisions/subscriptions.md rather than
 * from `src/graph/subscriptions/`: what a client frame is, what a server message must look like, and which
 * close codes the server may send.
 */

/** 64 KiB, the bound of a JSON request body (decisions: a frame over it closes with 1009 before it is read). */
export const maxFrameBytes = 64 * 1024;

/** How deep a JSON value nests (a scalar 0, `{}` 1), counted level by level: fuzzed values are thousands deep. */
export function nestingDepth(value: unknown): number {
  let depth = 0;
  for (let level: unknown[] = [value]; ; depth++) {
    const objects = level.filter((v): v is object => typeof v === 'object' && v !== null);
    if (objects.length === 0) return depth;
    level = objects.flatMap((v) => Object.values(v) as unknown[]);
  }
}

/** Whether two parsed JSON values are equal, compared level by level, for the same reason. */
export function sameJson(a: unknown, b: unknown): boolean {
  const pairs: [unknown, unknown][] = [[a, b]];
  for (let pair = pairs.pop(); pair !== undefined; pair = pairs.pop()) {
    const [x, y] = pair;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) {
      if (x !== y) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const k of keys) {
      if (!Object.hasOwn(y, k)) return false;
      pairs.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]]);
    }
  }
  return true;
}

/** What a client frame is, read the way the server must read it. */
export type ClientFrame =
  | { readonly kind: 'too-big' }
  | { readonly kind: 'invalid'; readonly why: string }
  | { readonly kind: 'connection_init' }
  | { readonly kind: 'ping'; readonly payload: unknown }
  | { readonly kind: 'pong' }
  | { readonly kind: 'subscribe'; readonly id: string }
  | { readonly kind: 'complete'; readonly id: string };

type Json = Readonly<Record<string, unknown>>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalObject = (v: unknown) => v === undefined || v === null || isObject(v);
const only = (o: Json, names: readonly string[]) => Object.keys(o).every((k) => names.includes(k));

/**
 * PROTOCOL.md's client messages, with apisim's strictnesses (decisions): an unknown member is invalid,
 * not ignored, and so is a message nested deeper than `maxClientMessageDepth` levels or one that names a
 * member twice in an object. `payload` of `connection_init`, `ping` and `pong` is an object or null; an `id` is a
 * non-empty string; `subscribe`'s payload has a string `query`, and `variables`, `operationName`,
 * `extensions` of their types or null.
 */
export function readClientFrame(text: string): ClientFrame {
  if (Buffer.byteLength(text, 'utf8') > maxFrameBytes) return { kind: 'too-big' };
  const invalid = (why: string): ClientFrame => ({ kind: 'invalid', why });
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return invalid('not JSON');
  }
  if (nestingDepth(m) > maxClientMessageDepth) return invalid('nested too deep');
  if (duplicateMembers(text).length > 0) return invalid('a member named twice in one object');
  if (!isObject(m)) return invalid('not an object');
  switch (m.type) {
    case 'connection_init':
    case 'pong':
      return only(m, ['type', 'payload']) && optionalObject(m.payload) ? { kind: m.type } : invalid(`a malformed ${m.type}`);
    case 'ping':
      return only(m, ['type', 'payload']) && optionalObject(m.payload) ? { kind: 'ping', payload: m.payload } : invalid('a malformed ping');
    case 'complete':
      return only(m, ['type', 'id']) && typeof m.id === 'string' && m.id !== '' ? { kind: 'complete', id: m.id } : invalid('a malformed complete');
    case 'subscribe': {
      const p = m.payload;
      const ok = only(m, ['type', 'id', 'payload']) && typeof m.id === 'string' && m.id !== '' && isObject(p) && only(p, ['query', 'variables', 'operationName', 'extensions'])
        && typeof p.query === 'string' && optionalObject(p.variables) && optionalObject(p.extensions)
        && (p.operationName === undefined || p.operationName === null || typeof p.operationName === 'string');
      return ok ? { kind: 'subscribe', id: m.id as string } : invalid('a malformed subscribe');
    }
    default:
      return invalid(`type ${JSON.stringify(m.type)} is not a client message`);
  }
}

/** A server message as it came off the wire: parsed, and checked against PROTOCOL.md's shapes. */
export type ServerMessage =
  | { readonly type: 'connection_ack' | 'ping' | 'pong'; readonly payload?: unknown }
  | { readonly type: 'next'; readonly id: string; readonly payload: Json }
  | { readonly type: 'error'; readonly id: string; readonly payload: readonly Json[] }
  | { readonly type: 'complete'; readonly id: string };

const graphError = (e: unknown) => isObject(e) && typeof e.message === 'string' && e.message !== '';

/** The message, or what makes the text something other than a graphql-ws server message. */
export function readServerMessage(text: string): ServerMessage | string {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (!isObject(m)) return 'not an object';
  const hasId = typeof m.id === 'string' && m.id !== '';
  switch (m.type) {
    case 'connection_ack':
    case 'ping':
    case 'pong':
      return only(m, ['type', 'payload']) && optionalObject(m.payload) ? (m as ServerMessage) : `a malformed ${m.type}`;
    case 'next': {
      const p = m.payload;
      const result = isObject(p) && only(p, ['data', 'errors', 'extensions']) && ('data' in p || 'errors' in p)
        && (p.data === undefined || p.data === null || isObject(p.data))
        && (p.errors === undefined || (Array.isArray(p.errors) && p.errors.length > 0 && p.errors.every(graphError)));
      return only(m, ['type', 'id', 'payload']) && hasId && result ? (m as ServerMessage) : 'a malformed next';
    }
    case 'error':
      return only(m, ['type', 'id', 'payload']) && hasId && Array.isArray(m.payload) && m.payload.length > 0 && m.payload.every(graphError) ? (m as ServerMessage) : 'a malformed error';
    case 'complete':
      return only(m, ['type', 'id']) && hasId ? (m as ServerMessage) : 'a malformed complete';
    default:
      return `type ${JSON.stringify(m.type)} is not a server message`;
  }
}

/**
 * The close codes docs/decisions/subscriptions.md names for the server: 1009 frame too big, 4400 invalid message, 4401
 * unauthorized, 4409 subscriber already exists, 4429 too many initialisation requests. 4500 (internal
 * error) is the socket's 5xx: bad input must never cause it.
 */
export const namedCloseCodes: ReadonlySet<number> = new Set([1009, 4400, 4401, 4409, 4429]);

/** A close frame's reason: at most 123 bytes (RFC 6455 §5.5), and saying something. */
export function closeFault(code: number, reason: string): string | undefined {
  if (!namedCloseCodes.has(code)) return `close code ${code} is not one the decisions name for bad input`;
  const bytes = Buffer.byteLength(reason, 'utf8');
  return bytes > 0 && bytes <= 123 ? undefined : `a close reason of ${bytes} bytes`;
}
