import { Buffer } from 'node:buffer';

/**
 * A page cursor holds the id of the last item a page showed; the listing continues from there in its own
 * order. It is base64url so clients treat it as opaque and do not build their own, which leaves us free to
 * change what it holds.
 */
export function encodeCursor(lastId: number): string {
  return Buffer.from(String(lastId), 'utf8').toString('base64url');
}

/** Undefined for anything `encodeCursor` cannot have produced, so one position has exactly one cursor. */
export function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(cursor)) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[1-9][0-9]{0,14}$/.test(text)) return undefined;
  const id = Number(text);
  return encodeCursor(id) === cursor ? id : undefined;
}
