import { describe, expect, it } from 'vitest';
import { joinedSetCookies, setCookieValue } from './set-cookie-list.js';

describe('setCookieValue', () => {
  const headers = { 'set-cookie': joinedSetCookies(['sid=old; Path=/', 'theme = dark ; Expires=Thu, 01 Jan 2026 07:28:00 GMT', 'sid=new; HttpOnly', 'flag']) };

  it('is the value the last field that sets the cookie gives it, trimmed, as a user agent keeps it', () => {
    expect(setCookieValue(headers, 'sid')).toBe('new');
    expect(setCookieValue(headers, 'theme')).toBe('dark');
  });

  it('is undefined for a cookie no field sets, and for a field without a value', () => {
    expect(setCookieValue(headers, 'flag')).toBeUndefined();
    expect(setCookieValue(headers, 'Path')).toBeUndefined();
    expect(setCookieValue({}, 'sid')).toBeUndefined();
  });
});
