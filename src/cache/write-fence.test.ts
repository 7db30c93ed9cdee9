import { describe, expect, it } from 'vitest';
import { WriteFence } from './write-fence.js';

describe('the write fence', () => {
  it('lets a response in unless its URL was invalidated while it was away', () => {
    const fence = new WriteFence();
    const before = fence.depart('/notes/1');
    const other = fence.depart('/notes/2');
    fence.invalidate('/notes/1');
    const after = fence.depart('/notes/1');
    expect(fence.arrive('/notes/1', before)).toBe(false);
    expect(fence.arrive('/notes/1', after)).toBe(true);
    expect(fence.arrive('/notes/2', other)).toBe(true);
  });

  it('forgets a URL once nothing for it is in flight, and invalidating an idle URL costs nothing', () => {
    const fence = new WriteFence();
    fence.invalidate('/notes/9');
    expect(fence.size).toBe(0);
    const epoch = fence.depart('/notes/1');
    expect(fence.size).toBe(1);
    fence.arrive('/notes/1', epoch);
    expect(fence.size).toBe(0);
  });
});

describe('the write fence with several requests for one URL', () => {
  it('holds every request in flight to an invalidation that passed, not only the first to come back', () => {
    const fence = new WriteFence();
    const first = fence.depart('/notes/1');
    const second = fence.depart('/notes/1');
    fence.invalidate('/notes/1');
    expect(fence.arrive('/notes/1', first)).toBe(false);
    expect(fence.size).toBe(1);
    expect(fence.arrive('/notes/1', second)).toBe(false);
    expect(fence.size).toBe(0);
  });

  it('moves the epoch on by one for each invalidation while requests are in flight', () => {
    const fence = new WriteFence();
    const epochs = [fence.depart('/notes/1')];
    fence.invalidate('/notes/1');
    epochs.push(fence.depart('/notes/1'));
    fence.invalidate('/notes/1');
    epochs.push(fence.depart('/notes/1'));
    expect(epochs).toEqual([0, 1, 2]);
    expect(epochs.map((epoch) => fence.arrive('/notes/1', epoch))).toEqual([false, false, true]);
  });

  it('holds out a response that an invalidation of its URL and one of every URL both passed', () => {
    const fence = new WriteFence();
    const before = fence.depart('/notes/1');
    const other = fence.depart('/notes/2');
    fence.invalidate('/notes/1');
    fence.invalidateAll();
    expect(fence.arrive('/notes/1', before)).toBe(false);
    expect(fence.arrive('/notes/2', other)).toBe(false);
  });

  it('lets in a response whose request it never saw leave', () => {
    const fence = new WriteFence();
    expect(fence.arrive('/notes/1', 0)).toBe(true);
    expect(fence.size).toBe(0);
  });
});
