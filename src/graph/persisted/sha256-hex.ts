import { createHash } from 'node:crypto';

/**
 * SHA-256 of the UTF-8 bytes of `text`, as 64 lower-case hex digits: the APQ identifier of a query, computed
 * exactly as Apollo's clients and servers do, so hashes made by either side agree.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
