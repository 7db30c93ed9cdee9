import { describe, expect, it } from 'vitest';
import { closestNames, editDistance } from './closest-names.js';

describe('closestNames', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('unstalbe', 'unstable')).toBe(1);
    expect(editDistance('sed', 'seed')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('offers the nearest names first, and none when nothing is near', () => {
    const names = ['notes-unstable-post', 'notes-unstable-put', 'notes-stable-post'];
    expect(closestNames('notes-unstabel-post', names)).toEqual(['notes-unstable-post']); // one clearly nearest
    expect(closestNames('notes-unstable-p', names)).toEqual(['notes-unstable-put', 'notes-unstable-post']);
    expect(closestNames('notes-unstable-p', names, 1)).toEqual(['notes-unstable-put']);
    expect(closestNames('orders', names)).toEqual([]);
  });
});
