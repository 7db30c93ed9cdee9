import { describe, expect, it } from 'vitest';
import { clientAddressOf, forwardedField, TrustedFronts } from './forwarded-for.js';

const peer = (remoteAddress: string) => ({ remoteAddress, remotePort: 40_000 });

describe('the client address a front names', () => {
  const fronts = new TrustedFronts(['10.0.0.5']);

  it('is the last hop of Forwarded (else of X-Forwarded-For) from a trusted front, without quotes, brackets or port', () => {
    const seen = (headers: Record<string, string>) => clientAddressOf(peer('::ffff:10.0.0.5'), headers, fronts);
    expect(seen({ forwarded: 'for=1.1.1.1, for=192.0.2.60;proto=http;by=203.0.113.43' })).toBe('192.0.2.60');
    expect(seen({ forwarded: 'For="[2001:DB8:cafe::17]:4711"' })).toBe('2001:db8:cafe::17');
    expect(seen({ forwarded: 'for=192.0.2.43:47011' })).toBe('192.0.2.43');
    expect(seen({ 'x-forwarded-for': '1.1.1.1, 198.51.100.7' })).toBe('198.51.100.7');
    expect(seen({ forwarded: 'for=192.0.2.60', 'x-forwarded-for': '198.51.100.7' })).toBe('192.0.2.60');
    expect(seen({})).toBe('::ffff:10.0.0.5');
  });

  it('is the socket peer for anyone else, whatever the request says', () => {
    expect(clientAddressOf(peer('10.0.0.6'), { forwarded: 'for=192.0.2.60' }, fronts)).toBe('10.0.0.6');
    expect(clientAddressOf(peer('10.0.0.5'), { forwarded: 'for=192.0.2.60' }, undefined)).toBe('10.0.0.5');
  });

  it('is written as RFC 7239 says, an IPv6 node bracketed and quoted', () => {
    expect([forwardedField('192.0.2.60'), forwardedField('::1')]).toEqual(['for=192.0.2.60', 'for="[::1]"']);
  });
});
