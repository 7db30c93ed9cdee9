import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FlowSocket, outgoingFlow, tryAgainLater } from './outgoing-flow.js';

/** A socket whose untaken bytes the test sets, and which records what the flow did to it. */
function fakeSocket() {
  const did: string[] = [];
  const flushed: (() => void)[] = [];
  const socket = {
    bufferedAmount: 0,
    send: (text: string, cb?: (error?: Error) => void) => {
      did.push(`send ${text}`);
      if (cb !== undefined) flushed.push(cb);
    },
    pause: () => did.push('pause'),
    resume: () => did.push('resume'),
    close: (code?: number) => did.push(`close ${code}`),
    terminate: () => did.push('terminate'),
  };
  return { socket, did, flushAll: () => flushed.splice(0).forEach((cb) => cb()) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('what a socket may leave untaken', () => {
  const limits = { pauseAboveBytes: 100, closeAboveBytes: 1_000 };

  it('stops reading past the pause limit, once, and reads again when half of it has drained', () => {
    const { socket, did, flushAll } = fakeSocket();
    const send = outgoingFlow(socket as unknown as FlowSocket, limits);
    send('a');
    socket.bufferedAmount = 101;
    send('b');
    send('c');
    expect(did).toEqual(['send a', 'send b', 'pause', 'send c']);
    socket.bufferedAmount = 51;
    flushAll();
    send('d');
    expect(did.slice(4)).toEqual(['send d']);
    socket.bufferedAmount = 50;
    flushAll();
    expect(did.slice(5)).toEqual(['resume']);
  });

  it('resumes what it paused only: with nothing paused a drain changes nothing', () => {
    const { socket, did, flushAll } = fakeSocket();
    const send = outgoingFlow(socket as unknown as FlowSocket, limits);
    send('a');
    flushAll();
    expect(did).toEqual(['send a']);
  });

  it('closes a slow consumer with 1013 past the close limit, sends it nothing more, and cuts it if it does not close', () => {
    vi.useFakeTimers();
    const { socket, did } = fakeSocket();
    const send = outgoingFlow(socket as unknown as FlowSocket, limits);
    socket.bufferedAmount = 1_001;
    send('a');
    send('b');
    expect(did).toEqual(['send a', `close ${tryAgainLater}`]);
    vi.advanceTimersByTime(1_000);
    expect(did.at(-1)).toBe('terminate');
  });
});
