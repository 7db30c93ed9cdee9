import { describe, expect, it } from 'vitest';
import { maxClientMessageBytes } from './client-message.js';
import { GraphSocketConnection, type OperationOutput, type Operations, type SocketPeer, type Stop } from './connection.js';
import type { ServerMessage, SubscribePayload } from './protocol.js';

/** Everything the server side sent, in order: messages as parsed from their text, and the close. */
class Peer implements SocketPeer {
  readonly sent: ServerMessage[] = [];
  readonly closes: { code: number; reason: string }[] = [];
  send(text: string, message: ServerMessage): void {
    expect(JSON.parse(text)).toEqual(message);
    this.sent.push(message);
  }
  close(code: number, reason: string): void {
    this.closes.push({ code, reason });
  }
}

/** Operations that hand their outputs to the test and count the stops. */
class ScriptedOperations implements Operations {
  readonly started: { id: string; payload: SubscribePayload; out: OperationOutput }[] = [];
  stops = 0;
  pending: ((stop: Stop) => void) | undefined;
  constructor(private readonly async = false) {}
  start(id: string, payload: SubscribePayload, out: OperationOutput): Stop | Promise<Stop> {
    this.started.push({ id, payload, out });
    const stop: Stop = () => {
      this.stops++;
    };
    if (!this.async) return stop;
    return new Promise<Stop>((resolve) => (this.pending = () => resolve(stop)));
  }
}

const init = JSON.stringify({ type: 'connection_init' });
const subscribe = (id: string, query = 'subscription { x }') => JSON.stringify({ type: 'subscribe', id, payload: { query } });
const complete = (id: string) => JSON.stringify({ type: 'complete', id });

function open(options: { async?: boolean; maxActiveOperations?: number } = {}) {
  const peer = new Peer();
  const operations = new ScriptedOperations(options.async);
  const connection = new GraphSocketConnection(peer, operations, { maxActiveOperations: options.maxActiveOperations ?? 10 });
  return { peer, operations, connection };
}

describe('a graphql-ws connection, server side', () => {
  it('closes with 4408 when the wait for connection_init is over and it has not come, and not once it has', () => {
    const waiting = open();
    waiting.connection.initDeadlinePassed();
    expect(waiting.peer.closes).toEqual([{ code: 4408, reason: 'Connection initialisation timeout' }]);
    expect(waiting.connection.closed).toBe(true);
    const initialised = open();
    void initialised.connection.receive(init);
    initialised.connection.initDeadlinePassed();
    expect(initialised.peer.closes).toEqual([]);
    expect(initialised.connection.acknowledged).toBe(true);
  });

  it('acknowledges connection_init, then starts operations by id', () => {
    const { peer, operations, connection } = open();
    void connection.receive(init);
    expect(peer.sent).toEqual([{ type: 'connection_ack' }]);
    void connection.receive(subscribe('1'));
    void connection.receive(subscribe('2'));
    expect(operations.started.map((s) => s.id)).toEqual(['1', '2']);
    expect(operations.started[0]!.payload).toEqual({ query: 'subscription { x }', variables: undefined, operationName: undefined, extensions: undefined });
    expect(connection.activeIds).toEqual(['1', '2']);
    expect(peer.closes).toEqual([]);
  });

  it.each([
    ['an invalid message', [init, '{"type":"subscribe","id":"1"}'], 4400],
    ['a message only the server sends', [init, '{"type":"next","id":"1","payload":{}}'], 4400],
    ['subscribe before connection_init', [subscribe('1')], 4401],
    ['a second connection_init', [init, init], 4429],
    ['an id already running', [init, subscribe('1'), subscribe('1')], 4409],
    ['a frame over the size bound', [init, subscribe('1', 'x'.repeat(maxClientMessageBytes))], 1009],
  ])('closes on %s with %s', (_what, frames, code) => {
    const { peer, operations, connection } = open();
    for (const frame of frames) void connection.receive(frame);
    expect(peer.closes.map((c) => c.code)).toEqual([code]);
    expect(connection.closed).toBe(true);
    expect(operations.stops).toBe(operations.started.length);
  });

  it('says why in the close reason, as graphql-ws words it', () => {
    const cases: [string[], string][] = [
      [[subscribe('1')], 'Unauthorized'],
      [[init, init], 'Too many initialisation requests'],
      [[init, subscribe('a'), subscribe('a')], 'Subscriber for a already exists'],
    ];
    for (const [frames, reason] of cases) {
      const { peer, connection } = open();
      for (const frame of frames) void connection.receive(frame);
      expect(peer.closes[0]?.reason).toBe(reason);
    }
  });

  it('keeps a close reason within the 123 bytes a close frame allows', () => {
    const { peer, connection } = open();
    void connection.receive(init);
    void connection.receive(subscribe('é'.repeat(200)));
    void connection.receive(subscribe('é'.repeat(200)));
    expect(peer.closes[0]!.code).toBe(4409);
    expect(Buffer.byteLength(peer.closes[0]!.reason)).toBeLessThanOrEqual(123);
    expect(peer.closes[0]!.reason.startsWith('Subscriber for éé')).toBe(true);
  });

  it('answers ping with pong at any time, echoing its payload', () => {
    const { peer, connection } = open();
    void connection.receive('{"type":"ping","payload":{"n":1}}');
    void connection.receive(init);
    void connection.receive('{"type":"ping"}');
    void connection.receive('{"type":"pong"}');
    expect(peer.sent).toEqual([{ type: 'pong', payload: { n: 1 } }, { type: 'connection_ack' }, { type: 'pong' }]);
  });

  it('stops an operation on the client\'s complete, and sends nothing for it afterwards', () => {
    const { peer, operations, connection } = open();
    void connection.receive(init);
    void connection.receive(subscribe('1'));
    const out = operations.started[0]!.out;
    out.next({ data: { x: 1 } });
    void connection.receive(complete('1'));
    out.next({ data: { x: 2 } });
    out.complete();
    expect(operations.stops).toBe(1);
    expect(peer.sent).toEqual([{ type: 'connection_ack' }, { id: '1', type: 'next', payload: { data: { x: 1 } } }]);
    // The id is free again.
    void connection.receive(subscribe('1'));
    expect(peer.closes).toEqual([]);
  });

  it('ignores complete for an id that is not running', () => {
    const { peer, connection } = open();
    void connection.receive(init);
    void connection.receive(complete('nope'));
    expect(peer.closes).toEqual([]);
  });

  it('sends complete when the server ends an operation, and error without complete when it fails', () => {
    const { peer, operations, connection } = open();
    void connection.receive(init);
    void connection.receive(subscribe('q'));
    void connection.receive(subscribe('bad'));
    const [q, bad] = operations.started;
    q!.out.next({ data: { x: 1 } });
    q!.out.complete();
    bad!.out.error([{ message: 'no' }]);
    bad!.out.complete();
    expect(peer.sent.slice(1)).toEqual([
      { id: 'q', type: 'next', payload: { data: { x: 1 } } },
      { id: 'q', type: 'complete' },
      { id: 'bad', type: 'error', payload: [{ message: 'no' }] },
    ]);
    expect(connection.activeIds).toEqual([]);
    expect(operations.stops).toBe(2);
  });

  it('refuses an operation over the bound with an error for its id, and goes on', () => {
    const { peer, operations, connection } = open({ maxActiveOperations: 2 });
    void connection.receive(init);
    for (const id of ['1', '2', '3']) void connection.receive(subscribe(id));
    expect(operations.started.map((s) => s.id)).toEqual(['1', '2']);
    expect(peer.sent.at(-1)).toMatchObject({ id: '3', type: 'error', payload: [{ extensions: { code: 'TOO_MANY_OPERATIONS' } }] });
    void connection.receive(complete('1'));
    void connection.receive(subscribe('3'));
    expect(operations.started.map((s) => s.id)).toEqual(['1', '2', '3']);
    expect(peer.closes).toEqual([]);
  });

  it('stops an operation whose complete arrived while it was starting, as soon as it has started', async () => {
    const { peer, operations, connection } = open({ async: true });
    void connection.receive(init);
    const started = connection.receive(subscribe('1'));
    void connection.receive(complete('1'));
    expect(operations.stops).toBe(0);
    operations.pending!(() => undefined);
    await started;
    expect(operations.stops).toBe(1);
    operations.started[0]!.out.next({ data: {} });
    expect(peer.sent).toEqual([{ type: 'connection_ack' }]);
  });

  it('reserves the id while the operation starts: the same id again is 4409', () => {
    const { peer, connection } = open({ async: true });
    void connection.receive(init);
    void connection.receive(subscribe('1'));
    void connection.receive(subscribe('1'));
    expect(peer.closes.map((c) => c.code)).toEqual([4409]);
  });

  it('stops everything when the client closes, and reads nothing afterwards', () => {
    const { peer, operations, connection } = open();
    void connection.receive(init);
    void connection.receive(subscribe('1'));
    void connection.receive(subscribe('2'));
    connection.closedByClient();
    expect(operations.stops).toBe(2);
    void connection.receive(subscribe('3'));
    operations.started[0]!.out.next({ data: {} });
    expect(operations.started).toHaveLength(2);
    expect(peer.sent).toEqual([{ type: 'connection_ack' }]);
    expect(peer.closes).toEqual([]);
  });

  it('closes with 4500 when an operation fails to start (a bug, not a GraphQL error)', async () => {
    const peer = new Peer();
    const failing: Operations = { start: () => Promise.reject(new Error('boom')) };
    const connection = new GraphSocketConnection(peer, failing);
    void connection.receive(init);
    await connection.receive(subscribe('1'));
    expect(peer.closes).toEqual([{ code: 4500, reason: 'Internal server error' }]);
  });

  it('lets an operation end the whole connection', () => {
    const { peer, operations, connection } = open();
    void connection.receive(init);
    void connection.receive(subscribe('1'));
    void connection.receive(subscribe('2'));
    operations.started[0]!.out.closeConnection(4401, 'Unauthorized: session revoked');
    operations.started[1]!.out.closeConnection(4401, 'again');
    expect(peer.closes).toEqual([{ code: 4401, reason: 'Unauthorized: session revoked' }]);
    expect(operations.stops).toBe(2);
  });
});
