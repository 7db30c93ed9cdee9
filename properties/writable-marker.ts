import type { WritableSpec } from './targets/target.js';

/**
 * A mark that tells one write from every other of the run: fixed width, so that no mark is part of another,
 * and plain letters and digits, so that any app stores and answers it as written.
 */
export const writeMark = (n: number): string => `apisim${String(n).padStart(4, '0')}`;

/**
 * The target's body for a write, every string member carrying `mark` after what the target wrote there: the
 * shape the app accepts is kept, and a later read shows which write it reflects.
 */
export function markedBody(writable: WritableSpec, mark: string): WritableSpec['body'] {
  return Object.fromEntries(Object.entries(writable.body).map(([key, value]) => [key, typeof value === 'string' ? `${value} ${mark}` : value]));
}

/** Every mark of the run in a read's body text, in the order they appear. */
export function marksIn(text: string | undefined): string[] {
  return text === undefined ? [] : [...text.matchAll(/apisim\d{4}/g)].map((m) => m[0]);
}
