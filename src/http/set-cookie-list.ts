import type { Headers } from './message.js';

/**
 * `HttpResponse.headers` holds one string per name, and a repeated field is joined with ", " (RFC 9110
 * §5.3). `set-cookie` is the one field that rule cannot join (RFC 9110 §5.3, RFC 6265 §3): a cookie's
 * `Expires=Wed, 21 Oct 2015 07:28:00 GMT` holds a comma itself. So several `set-cookie` fields travel
 * joined with a line feed, which no field value can contain (RFC 9110 §5.5), and they split back without
 * ambiguity. One field stays exactly as it was, so apisim's own origin (one cookie at a time) is unchanged.
 */
export const setCookieSeparator = '\n';

export const setCookieName = 'set-cookie';

/** Several `set-cookie` fields as the one string a simulated response carries. */
export function joinedSetCookies(fields: readonly string[]): string {
  return fields.join(setCookieSeparator);
}

/** The `set-cookie` fields of a simulated response, one per cookie, in the order the app sent them. */
export function setCookieList(headers: Headers): string[] {
  const joined = headers[setCookieName];
  return joined === undefined ? [] : joined.split(setCookieSeparator);
}

/**
 * The value a response's `set-cookie` fields give the cookie `name` (RFC 6265 §5.2: the `name=value` pair
 * before the first `;`, trimmed), from the last field that sets it, as a user agent keeps the last one; or
 * undefined when none sets it.
 */
export function setCookieValue(headers: Headers, name: string): string | undefined {
  let value: string | undefined;
  for (const field of setCookieList(headers)) {
    const pair = field.split(';', 1)[0]!;
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) value = pair.slice(equals + 1).trim();
  }
  return value;
}
