import { jsonErrorOffset } from './json-error-offset.js';

export type JsonText =
  | { readonly ok: true; readonly value: unknown }
  /** `where` is "line L, column C"; undefined only when no place could be found. */
  | { readonly ok: false; readonly where: string | undefined; readonly reason: string };

/**
 * A scenario file's JSON, as an editor sees it: a leading UTF-8 byte order mark is dropped (RFC 8259 lets a
 * parser ignore it, and Windows editors write one), and a syntax error says its line and column, since a
 * character offset is of no use in a file.
 */
export function parseJsonText(text: string): JsonText {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (error) {
    const reason = (error as Error).message;
    const named = /position (\d+)/.exec(reason);
    const offset = named === null ? jsonErrorOffset(body) : Number(named[1]);
    return { ok: false, where: offset === undefined ? undefined : lineAndColumn(body, offset), reason };
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}${offset >= text.length ? ', the end of the text' : ''}`;
}
