import { describe, expect, it } from 'vitest';
import { intendedEffect } from './repeat-effect.js';

const written = ['title', 'labels'];
const effect = (body: unknown) => intendedEffect(JSON.stringify(body), written);

describe('what a repeated PUT must leave as the first left it', () => {
  it('keeps the members the PUT wrote, whole, and drops the stamps the server sets by itself', () => {
    const once = { id: '7', title: 'water', labels: ['garden'], updatedAt: '2026-01-01T00:00:00.075Z', revision: 1, history: ['created', 'put'] };
    const again = { ...once, updatedAt: '2026-01-01T00:00:00.150Z', revision: 2, history: ['created', 'put', 'put'] };
    expect(effect(once)).toBe('{"title":"water","labels":["garden"]}');
    expect(effect(again)).toBe(effect(once));
  });

  it('sees a written member that the repeat changed: a list it appended to, a flag it toggled', () => {
    const once = { id: '7', title: 'water', labels: ['garden'] };
    expect(effect({ ...once, labels: ['garden', 'garden'] })).not.toBe(effect(once));
    expect(intendedEffect('{"done":true}', ['done'])).not.toBe(intendedEffect('{"done":false}', ['done']));
  });

  it('sees which resources exist: a list of items that gained one, also inside a wrapper, and for a DELETE, which wrote nothing', () => {
    const one = [{ id: '1', title: 'water', updatedAt: 'a' }];
    const two = [...one, { id: '2', title: 'water', updatedAt: 'b' }];
    expect(effect(two)).not.toBe(effect(one));
    expect(effect({ data: two, total: 2 })).not.toBe(effect({ data: one, total: 1 }));
    expect(intendedEffect(JSON.stringify(two), [])).not.toBe(intendedEffect(JSON.stringify(one), []));
    expect(intendedEffect(JSON.stringify([{ id: '1', updatedAt: 'a' }]), [])).toBe(intendedEffect(JSON.stringify([{ id: '1', updatedAt: 'b' }]), []));
  });

  it('keeps a body that is not JSON whole, and an empty one as empty', () => {
    expect(intendedEffect('no such task', written)).toBe('no such task');
    expect(intendedEffect(undefined, written)).toBe('');
    expect(intendedEffect('', written)).toBe('');
  });
});
