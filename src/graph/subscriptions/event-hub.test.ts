import { describe, expect, it } from 'vitest';
import { EventHub } from './event-hub.js';
import { TopicStream } from './topic-stream.js';

describe('the event hub', () => {
  it('calls a topic\'s subscribers synchronously, in subscription order, and no one else', () => {
    const hub = new EventHub<number>();
    const heard: string[] = [];
    for (const name of ['c', 'a', 'b']) hub.listen('t', (n) => heard.push(`${name}${n}`));
    hub.listen('other', (n) => heard.push(`other${n}`));
    expect(hub.publish('t', 1)).toBe(3);
    expect(heard).toEqual(['c1', 'a1', 'b1']);
    hub.publish('t', 2);
    expect(heard).toEqual(['c1', 'a1', 'b1', 'c2', 'a2', 'b2']);
    expect(hub.publish('nobody', 3)).toBe(0);
  });

  it('keeps the order of the rest when one leaves, and counts what is left', () => {
    const hub = new EventHub<number>();
    const heard: string[] = [];
    const stops = ['a', 'b', 'c'].map((name) => hub.listen('t', () => heard.push(name)));
    stops[1]!();
    stops[1]!();
    hub.publish('t', 0);
    expect(heard).toEqual(['a', 'c']);
    expect([hub.subscribers('t'), hub.size]).toEqual([2, 2]);
    stops[0]!();
    stops[2]!();
    expect([hub.subscribers('t'), hub.size]).toEqual([0, 0]);
  });

  it('does not deliver to a subscriber removed during a publish before its turn, nor to one added during it', () => {
    const hub = new EventHub<number>();
    const heard: string[] = [];
    let stopB: () => void = () => undefined;
    hub.listen('t', (n) => {
      heard.push(`a${n}`);
      stopB();
      hub.listen('t', (m) => heard.push(`late${m}`));
    });
    stopB = hub.listen('t', (n) => heard.push(`b${n}`));
    hub.publish('t', 1);
    expect(heard).toEqual(['a1']);
    hub.publish('t', 2);
    expect(heard).toEqual(['a1', 'a2', 'late2']);
  });
});

describe('a topic stream', () => {
  it('is a working async iterable: events in order from when it was made, until return()', async () => {
    const hub = new EventHub<number>();
    const stream = new TopicStream(hub, 't');
    hub.publish('t', 0);
    const iterator = stream[Symbol.asyncIterator]();
    hub.publish('t', 1);
    hub.publish('t', 2);
    const waiting = iterator.next();
    expect(await iterator.next()).toEqual({ value: 2, done: false });
    expect(await waiting).toEqual({ value: 1, done: false });
    const pending = iterator.next();
    hub.publish('t', 3);
    expect(await pending).toEqual({ value: 3, done: false });
    const last = iterator.next();
    await iterator.return!();
    expect(await last).toEqual({ value: undefined, done: true });
    expect(hub.size).toBe(0);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });
});
