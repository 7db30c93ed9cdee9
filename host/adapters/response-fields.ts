import type { Headers } from '../../src/http/message.js';
import { setCookieName, setCookieSeparator } from './set-cookie-list.js';

/**
 * A WHATWG response's header fields as the simulator carries them: lower-case names, one string each.
 * `Headers` already joins a repeated field with ", " and lists every `set-cookie` on its own (the Fetch
 * Standard's "sort and combine"); those are joined with the set-cookie separator instead.
 */
export function responseFields(headers: globalThis.Headers): Headers {
  const fields: Record<string, string> = {};
  headers.forEach((value, name) => {
    const earlier = name === setCookieName ? fields[name] : undefined;
    fields[name] = earlier === undefined ? value : earlier + setCookieSeparator + value;
  });
  return fields;
}
