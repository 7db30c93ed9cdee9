import type { Headers } from '../http/message.js';

/**
 * What identifies the caller of a request to a cache that knows no cookie names: its `Authorization` value,
 * and each `name=value` pair of its `Cookie`. A stored response is filed under the keys of the request that
 * fetched it, so a `Clear-Site-Data: "cache"` answer finds every response fetched with any of its own
 * request's keys. A pair two callers share (`theme=dark`) discards the other's copies too: a needless miss
 * later, never a stored response kept for a credential that was revoked.
 */
export function credentialKeys(headers: Headers): string[] {
  const keys: string[] = [];
  const authorization = headers.authorization?.trim();
  if (authorization !== undefined && authorization !== '') keys.push(`authorization ${authorization}`);
  for (const pair of headers.cookie?.split(';') ?? []) {
    const trimmed = pair.trim();
    if (trimmed !== '') keys.push(`cookie ${trimmed}`);
  }
  return keys;
}

/** W3C Clear-Site-Data: a quoted list; `"cache"` or `"*"` asks to clear what is cached for the caller. */
export function clearsCache(value: string | undefined): boolean {
  return value?.split(',').some((member) => ['"cache"', '"*"'].includes(member.trim())) === true;
}
