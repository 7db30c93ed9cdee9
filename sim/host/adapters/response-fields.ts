import type { Headers } from '../../../src/http/message.js';
import { setCookieName, setCookieSeparator } from '../../../src/http/set-cookie-list.js';

/**
 * A WHATWG response's header fields as the simulator carries them: lower-case names, one string each.
 * The Fetch Standard's `Headers` already lower-cases names, joins a repeated field with ", " and lists every
 * `set-cookie` on its own ("sort and combine"); those are joined with the set-cookie separator instead. A
 * ponyfill's `Headers` (@whatwg-node/fetch's, which GraphQL Yoga answers with) lists names as the app wrote
 * them and a repeated field once per value, so names are lower-cased and repeats combined here too.
 */
export function responseFields(headers: globalThis.Headers): Headers {
  const fields: Record<string, string> = {};
  headers.forEach((value, field) => {
    const name = field.toLowerCase();
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : earlier + (name === setCookieName ? setCookieSeparator : ', ') + value;
  });
  return fields;
}
