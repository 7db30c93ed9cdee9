import { duplicateMembers } from '../../http/duplicate-members.js';
import { maxJsonBodyBytes } from '../../http/json-body.js';
import { utf8Bytes } from '../../http/message.js';
import { type ClientMessage, closeCode, type SubscribePayload } from './protocol.js';

/** The same bound as a JSON request body: a document does not get more room by arriving over the socket. */
export const maxClientMessageBytes = maxJsonBodyBytes;

/**
 * How deep a message may nest (the message object is level 1). Far beyond anything this schema's messages
 * need, far below the depth where echoing a `ping` payload in the `pong` overflows `JSON.stringify`'s stack
 * (a 5,000-deep payload made `receive` throw; found by the WebSocket fuzzing).
 */
export const maxClientMessageDepth = 64;

export type ClientMessageRead =
  | { readonly ok: true; readonly message: ClientMessage }
  | { readonly ok: false; readonly closeCode: number; readonly reason: string };

/** Members each message type may have; graphql-ws defines no others, and an unknown one is refused. */
const membersByType: Readonly<Record<ClientMessage['type'], ReadonlySet<string>>> = {
  connection_init: new Set(['type', 'payload']),
  ping: new Set(['type', 'payload']),
  pong: new Set(['type', 'payload']),
  subscribe: new Set(['type', 'id', 'payload']),
  complete: new Set(['type', 'id']),
};

const payloadMembers: ReadonlySet<string> = new Set(['query', 'variables', 'operationName', 'extensions']);

/** Types only the server sends: from a client they are a protocol violation, like an unknown type. */
const serverOnlyTypes: ReadonlySet<string> = new Set(['connection_ack', 'next', 'error']);

class Invalid extends Error {}

/**
 * Reads one text frame from the client. Anything that is not a well-formed graphql-ws client message closes
 * the socket with 4400 and a reason that says what was wrong (graphql-ws closes with 4400 on any invalid
 * message); a frame over the size bound closes it with 1009 before it is parsed. Stricter than graphql-ws
 * in one way: an unknown member is refused rather than ignored, like every other input of apisim, so a
 * misspelt `operationName` cannot be silently dropped.
 */
export function parseClientMessage(text: string): ClientMessageRead {
  const bytes = utf8Bytes(text);
  if (bytes > maxClientMessageBytes) {
    return { ok: false, closeCode: closeCode.messageTooBig, reason: `Message of ${bytes} bytes is over the ${maxClientMessageBytes}-byte limit` };
  }
  try {
    return { ok: true, message: read(text) };
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return { ok: false, closeCode: closeCode.invalidMessage, reason: `Invalid message: ${error.message}` };
  }
}

function read(text: string): ClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Invalid('not JSON');
  }
  const duplicates = duplicateMembers(text, value);
  if (duplicates.length > 0) throw new Invalid(`a member appears twice at ${duplicates.join(', ')}`);
  if (nestedDeeperThan(value, maxClientMessageDepth)) throw new Invalid(`nested deeper than ${maxClientMessageDepth} levels`);
  if (!isRecord(value)) throw new Invalid('not a JSON object');
  const type = value.type;
  if (typeof type !== 'string') throw new Invalid('"type" must be a string');
  if (serverOnlyTypes.has(type)) throw new Invalid(`"${type}" is sent by the server, not the client`);
  if (!isClientType(type)) throw new Invalid(`unknown type ${JSON.stringify(type)}`);
  onlyMembers(value, membersByType[type], type);
  switch (type) {
    case 'connection_init':
    case 'ping':
    case 'pong':
      return { type, payload: optionalObject(value.payload, '"payload"') };
    case 'subscribe':
      return { type, id: idOf(value.id), payload: subscribePayload(value.payload) };
    case 'complete':
      return { type, id: idOf(value.id) };
  }
}

function subscribePayload(value: unknown): SubscribePayload {
  if (!isRecord(value)) throw new Invalid('subscribe "payload" must be an object');
  onlyMembers(value, payloadMembers, 'subscribe payload');
  if (typeof value.query !== 'string') throw new Invalid('subscribe "payload.query" must be a string');
  const operationName = value.operationName;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new Invalid('subscribe "payload.operationName" must be a string or null');
  }
  return {
    query: value.query,
    variables: optionalObject(value.variables, '"payload.variables"'),
    operationName,
    extensions: optionalObject(value.extensions, '"payload.extensions"'),
  };
}

/** graphql-ws: an id is a non-empty string, unique among the connection's active operations. */
function idOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new Invalid('"id" must be a non-empty string');
  return value;
}

function optionalObject(value: unknown, name: string): Readonly<Record<string, unknown>> | null | undefined {
  if (value === undefined || value === null || isRecord(value)) return value;
  throw new Invalid(`${name} must be an object or null`);
}

function onlyMembers(value: Readonly<Record<string, unknown>>, allowed: ReadonlySet<string>, what: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.has(key)) throw new Invalid(`unknown member ${JSON.stringify(key)} in ${what}`);
  }
}

/** Whether a parsed JSON value nests deeper than `max`, found without recursion: it may be thousands deep. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [v, depth] = next;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v as Readonly<Record<string, unknown>>)) stack.push([child, depth + 1]);
  }
  return false;
}

function isClientType(type: string): type is ClientMessage['type'] {
  return Object.hasOwn(membersByType, type);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
