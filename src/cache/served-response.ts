import type CachePolicy from 'http-cache-semantics';
import type { HttpResponse } from '../http/message.js';
import { fromPolicyHeaders } from './policy-headers.js';

/** The parts of a stored response that are served again as they came. */
export interface StoredContent {
  readonly status: number;
  readonly body: string | undefined;
  readonly bodyBytes: number;
  /** The origin's `date`, if it sent one. */
  readonly date: string | undefined;
}

/**
 * A stored response as the cache serves it (RFC 9111 §4): the same status and body, the stored header
 * fields without hop-by-hop ones, and `age` (§5.1), all from the library. `age` is the library's: the
 * upstream `age` plus the time resident here, rounded to whole seconds.
 *
 * The library also stamps `date` with its `now()`, which here would be a day in January 1970; RFC 9110
 * §6.6.1 has `date` say when the origin made the message, so we keep the origin's and add none when it
 * sent none (the simulated world has no calendar, and a hit should differ from a miss only by `age`).
 */
export function servedResponse(policy: CachePolicy, content: StoredContent): { readonly response: HttpResponse; readonly ageS: number } {
  const headers = fromPolicyHeaders(policy.responseHeaders());
  delete headers.date;
  if (content.date !== undefined) headers.date = content.date;
  const ageS = Number(headers.age ?? 0);
  return { response: { status: content.status, headers, body: content.body, bodyBytes: content.bodyBytes }, ageS };
}
