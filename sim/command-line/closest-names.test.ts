import { describe, expect, it } from 'vitest';
import { closestNames, didYouMean, editDistance } from './closest-names.js';

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

  it('says "did you mean" for the nearest, else for those the typed text begins, else nothing', () => {
    expect(didYouMean('sed', ['seed', 'json'], (name) => `--${name}`)).toBe('; did you mean --seed?');
    expect(didYouMean('login', ['owner-check', 'login-only'])).toBe('; did you mean login-only?');
    expect(didYouMean('x', ['xylophone'])).toBe('');
    expect(didYouMean('colour', ['seed', 'json'])).toBe('');
  });
});
