import { utf8Bytes } from '../src/http/message.js';
import { type FrameEnvelope, originAddress } from './envelope.js';

/** Which way a frame goes on its socket: from the client to the origin, or back. */
export type FrameDirection = 'to-origin' | 'to-client';

/** A text frame carrying one graphql-ws message; its size is the UTF-8 length of the JSON text. */
export function textFrame(client: string, connection: number, direction: FrameDirection, text: string, label: string): FrameEnvelope {
  const toOrigin = direction === 'to-origin';
  return {
    kind: 'frame', from: toOrigin ? client : originAddress, to: toOrigin ? originAddress : client, client, exchangeId: connection, attempt: 0,
    text, closeCode: undefined, label, bytes: utf8Bytes(text),
  };
}

/** A close frame: its payload is the 2-byte code and the UTF-8 reason (RFC 6455 §5.5.1). */
export function closeFrame(client: string, connection: number, direction: FrameDirection, code: number, reason: string): FrameEnvelope {
  const toOrigin = direction === 'to-origin';
  return {
    kind: 'frame', from: toOrigin ? client : originAddress, to: toOrigin ? originAddress : client, client, exchangeId: connection, attempt: 0,
    text: reason, closeCode: code, label: `close ${code}`, bytes: 2 + utf8Bytes(reason),
  };
}
