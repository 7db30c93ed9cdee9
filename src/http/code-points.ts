/**
 * Lengths count code points: an emoji is one, not the two UTF-16 units of `length`. Not grapheme clusters,
 * whose boundaries change with the ICU version, and a limit must not move with the Node release.
 */
export function codePointCount(text: string): number {
  return Array.from(text).length;
}
