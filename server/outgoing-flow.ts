import type { WebSocket } from 'ws';

/**
 * How much a socket may have written and not yet taken by its peer (`ws`'s `bufferedAmount`: queued in `ws`
 * and in node's socket, beyond what the kernel holds). Past `pauseAboveBytes` the socket is read no further
 * until it drains to half of it: a client that floods messages and never reads their answers is slowed by
 * TCP instead of filling the server's heap. Past `closeAboveBytes` the peer is a slow consumer and the
 * socket is closed with 1013.
 */
export interface OutgoingLimits {
  readonly pauseAboveBytes: number;
  readonly closeAboveBytes: number;
}

/** A push is at most a few KiB; a megabyte waiting is hundreds of them. */
export const defaultOutgoingLimits: OutgoingLimits = { pauseAboveBytes: 1024 * 1024, closeAboveBytes: 16 * 1024 * 1024 };

/** RFC 6455 §11.7's registry: Try Again Later. The server sheds what it cannot deliver; a client may reconnect. */
export const tryAgainLater = 1013;

/** A slow consumer that does not read its close frame either is cut after this long. */
const closeGraceMs = 1_000;

/** What of a `ws` socket the flow uses. */
export type FlowSocket = Pick<WebSocket, 'bufferedAmount' | 'send' | 'pause' | 'resume' | 'close' | 'terminate'>;

/**
 * `send` for one socket, under `limits`: every text goes out as a frame; reading pauses and resumes with
 * what is waiting, and a socket past the close limit gets nothing more and is closed.
 */
export function outgoingFlow(ws: FlowSocket, limits: OutgoingLimits = defaultOutgoingLimits): (text: string) => void {
  let paused = false;
  let cut = false;
  const resumeAtBytes = limits.pauseAboveBytes / 2;
  const drained = (): void => {
    if (paused && !cut && ws.bufferedAmount <= resumeAtBytes) {
      paused = false;
      ws.resume();
    }
  };
  return (text) => {
    if (cut) return;
    ws.send(text, drained);
    const waitingBytes = ws.bufferedAmount;
    if (waitingBytes > limits.closeAboveBytes) {
      cut = true;
      ws.close(tryAgainLater, `Too slow: ${waitingBytes} bytes not taken; at most ${limits.closeAboveBytes} may wait`);
      setTimeout(() => ws.terminate(), closeGraceMs).unref();
    } else if (waitingBytes > limits.pauseAboveBytes && !paused) {
      paused = true;
      ws.pause();
    }
  };
}
