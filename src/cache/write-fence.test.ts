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
