import { describe, expect, it } from 'vitest';
import { Deliveries } from './deliveries.js';

/** A promise the test resolves by hand. */
function later<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('deliveries', () => {
  it('sends in the order work was added, whatever order it finishes in', async () => {
    const line = new Deliveries();
    const sent: string[] = [];
    const works = ['a', 'b', 'c'].map((name) => ({ name, done: later<() => void>() }));
    for (const w of works) line.add(() => w.done.promise, () => sent.push(`failed ${w.name}`));
    expect(line.pending).toBe(3);
    works[2]!.done.resolve(() => sent.push('c'));
    works[1]!.done.resolve(() => sent.push('b'));
    await Promise.resolve();
    expect(sent).toEqual([]);
    works[0]!.done.resolve(() => sent.push('a'));
    await line.settled();
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(line.pending).toBe(0);
    expect(line.settled()).toBeUndefined();
  });

  it('queues what work causes while it begins behind the work itself', async () => {
    const line = new Deliveries();
    const sent: string[] = [];
    line.add(() => {
      // A mutation publishing while it runs: its pushes are added from inside the work.
      line.add(() => Promise.resolve(() => sent.push('push')), () => undefined);
      return Promise.resolve().then(() => Promise.resolve(() => sent.push('answer')));
    }, () => undefined);
    await line.settled();
    expect(sent).toEqual(['answer', 'push']);
  });

  it('runs the failure in a failed work\'s place and goes on', async () => {
    const line = new Deliveries();
    const sent: string[] = [];
    line.add(() => Promise.reject(new Error('boom')), (e) => sent.push(`failed: ${(e as Error).message}`));
    line.add(() => {
      throw new Error('sync');
    }, (e) => sent.push(`failed: ${(e as Error).message}`));
    line.add(() => Promise.resolve(() => {
      throw new Error('in send');
    }), (e) => sent.push(`failed: ${(e as Error).message}`));
    line.add(() => Promise.resolve(() => sent.push('ok')), () => undefined);
    await line.settled();
    expect(sent).toEqual(['failed: boom', 'failed: sync', 'failed: in send', 'ok']);
  });
});
