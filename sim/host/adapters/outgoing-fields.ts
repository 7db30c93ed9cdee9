import type { OutgoingHttpHeaders } from 'node:http';
import type { Headers } from '../../../src/http/message.js';
import { setCookieName, setCookieSeparator } from '../../../src/http/set-cookie-list.js';

/**
 * The header fields a Node listener set (`res.getHeaders()`: lower-case names, a value a string, a number
 * or a list) as the simulator carries them: one string each, a list joined with ", " (RFC 9110 §5.3), and
 * several `set-cookie` fields joined with the set-cookie separator.
 */
export function outgoingFields(headers: OutgoingHttpHeaders): Headers {
  const fields: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined) continue;
    fields[name] = typeof value === 'object' ? value.join(name === setCookieName ? setCookieSeparator : ', ') : String(value);
  }
  return fields;
}
