import { describe, expect, it } from 'vitest';
import { directives } from './cache-control.js';

describe('Cache-Control directives for the trace (RFC 9111 §5.2)', () => {
  it('is empty when the header is absent', () => {
    expect(directives(undefined)).toEqual(new Map());
  });

  it('maps each lower-cased name to its argument, or to true when it has none', () => {
    expect(directives('Public, MAX-AGE=60, no-cache')).toEqual(new Map<string, string | true>([
      ['public', true],
      ['max-age', '60'],
      ['no-cache', true],
    ]));
  });

  it('trims the name and the argument, and unquotes a quoted-string argument', () => {
    expect(directives(' s-maxage = 120 ,private="set-cookie"')).toEqual(new Map<string, string | true>([
      ['s-maxage', '120'],
      ['private', 'set-cookie'],
    ]));
  });

  it('strips only the enclosing quotes, keeping one inside the argument', () => {
    expect(directives('ext="a"b"')).toEqual(new Map([['ext', 'a"b']]));
  });

  it('keeps everything after the first `=` as the argument', () => {
    expect(directives('ext=a=b')).toEqual(new Map([['ext', 'a=b']]));
  });

  it('skips empty list members and a member with no name', () => {
    expect(directives('=5, no-store,, =6 ,')).toEqual(new Map([['no-store', true]]));
  });
});
