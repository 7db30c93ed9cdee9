import { describe, expect, it } from 'vitest';
import { pointerOf, resolvePointer } from './json-pointer.js';

describe('JSON Pointer (RFC 6901)', () => {
  // RFC 6901 §5's own examples, and the ones a final state needs.
  const doc = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'm~n': 8, notes: [{ id: 1, content: 'x' }] };

  it.each([
    ['', doc],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/m~0n', 8],
    ['/notes/0/content', 'x'],
  ])('%j reaches its value', (pointer, value) => {
    expect(resolvePointer(doc, pointer)).toEqual({ found: true, value });
  });

  it.each(['/foo/2', '/foo/01', '/foo/-', '/notes/0/title', '/nothing', '/foo/0/length', '/toString'])('%j reaches nothing', (pointer) => {
    expect(resolvePointer(doc, pointer)).toEqual({ found: false });
  });

  it('pointerOf escapes each member, so that the pointer reaches it', () => {
    expect(pointerOf(['a/b'])).toBe('/a~1b');
    expect(pointerOf(['m~n'])).toBe('/m~0n');
    expect(pointerOf(['notes', 0, 'content'])).toBe('/notes/0/content');
    expect(pointerOf([])).toBe('');
    expect(resolvePointer(doc, pointerOf(['m~n']))).toEqual({ found: true, value: 8 });
  });
});
