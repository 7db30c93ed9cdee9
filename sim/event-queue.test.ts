import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue.js';

type Op = { readonly kind: 'push'; readonly atUs: number } | { readonly kind: 'pop' } | { readonly kind: 'cancel'; readonly pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  // Few distinct times, so ties (broken by insertion order) are common.
  fc.record({ kind: fc.constant('push' as const), atUs: fc.integer({ min: 0, max: 20 }) }),
  fc.constant({ kind: 'pop' as const }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

describe('EventQueue', () => {
  test.prop([fc.array(op, { maxLength: 300 })])('pops in (time, insertion) order, like a sorted array', (ops) => {
    const queue = new EventQueue();
    // The model: every pushed event, kept sorted by (time, seq); cancelled ones are skipped on pop.
    const model: { atUs: number; seq: number; label: number; cancelled: boolean }[] = [];
    const handles = new Map<number, ReturnType<EventQueue['push']>>();
    let label = 0;
    const popLive = (): number | undefined => {
      for (;;) {
        const e = queue.pop();
        if (e === undefined) return undefined;
        if (e.action !== undefined) return (e as unknown as { label: number }).label;
      }
    };
    for (const o of ops) {
      if (o.kind === 'push') {
        const l = label++;
        const action = () => undefined;
        const handle = queue.push(o.atUs, action);
        (handle as unknown as { label: number }).label = l;
        handles.set(l, handle);
        model.push({ atUs: o.atUs, seq: handle.seq, label: l, cancelled: false });
        model.sort((a, b) => a.atUs - b.atUs || a.seq - b.seq);
      } else if (o.kind === 'cancel') {
        const live = model.filter((m) => !m.cancelled);
        if (live.length === 0) continue;
        const victim = live[o.pick % live.length]!;
        victim.cancelled = true;
        handles.get(victim.label)!.action = undefined;
      } else {
        const expected = model.find((m) => !m.cancelled);
        while (model.length > 0 && model[0]!.cancelled) model.shift();
        if (expected !== undefined) model.shift();
        expect(popLive()).toBe(expected?.label);
      }
    }
    const rest: number[] = [];
    for (let l = popLive(); l !== undefined; l = popLive()) rest.push(l);
    expect(rest).toEqual(model.filter((m) => !m.cancelled).map((m) => m.label));
  });

  it('breaks ties by insertion order only', () => {
    const queue = new EventQueue();
    const seen: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) queue.push(5, () => void seen.push(name));
    queue.push(1, () => void seen.push('first'));
    for (let e = queue.pop(); e !== undefined; e = queue.pop()) void e.action?.(e.arg as never);
    expect(seen).toEqual(['first', 'a', 'b', 'c', 'd']);
  });

  it('pops 200k events pushed in scrambled order sorted, none lost', () => {
    const queue = new EventQueue();
    for (let i = 0; i < 200_000; i++) queue.push((i * 7919) % 100_003, () => undefined);
    let last = -1;
    let popped = 0;
    let outOfOrder = 0;
    for (let e = queue.pop(); e !== undefined; e = queue.pop()) {
      if (e.atUs < last) outOfOrder++;
      last = e.atUs;
      popped++;
    }
    expect({ popped, outOfOrder }).toEqual({ popped: 200_000, outOfOrder: 0 });
  });
});
