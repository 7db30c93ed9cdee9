import { utf8Bytes } from '../src/http/message.js';
import type { FrameEnvelope } from './envelope.js';
import type { TraceEvent, TraceKind } from './trace.js';

/** A text frame carrying one graphql-ws message; its size is the UTF-8 length of the JSON text. */
export function textFrame(client: string, connection: number, toOrigin: boolean, text: string, label: string): FrameEnvelope {
  return { kind: 'frame', client, exchangeId: connection, attempt: 0, toOrigin, text, closeCode: undefined, label, bytes: utf8Bytes(text) };
}

/** A close frame: its payload is the 2-byte code and the UTF-8 reason (RFC 6455 §5.5.1). */
export function closeFrame(client: string, connection: number, toOrigin: boolean, code: number, reason: string): FrameEnvelope {
  return { kind: 'frame', client, exchangeId: connection, attempt: 0, toOrigin, text: reason, closeCode: code, label: `close ${code}`, bytes: 2 + utf8Bytes(reason) };
}

/**
 * A frame in the trace: method `WS` and the socket's path, so HTTP views leave it out, and the message's
 * label (`subscribe 1`, `next 1`) as the note, so every hop names what passed.
 */
export function frameEvent(atUs: number, kind: TraceKind, from: string, to: string, env: FrameEnvelope): TraceEvent {
  return {
    atUs, kind, from, to, exchangeId: env.exchangeId, attempt: 0, method: 'WS', path: '/graphql', status: 0, bytes: env.bytes,
    link: '', queuedUs: 0, transmitUs: 0, note: env.label,
  };
}
