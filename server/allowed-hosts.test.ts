import { describe, expect, it } from 'vitest';
import { hostAllowed, loopbackOnly, parseAllowedHosts } from './allowed-hosts.js';

describe('the Host allow-list (DNS rebinding)', () => {
  it('by default answers loopback names and IP literals, with or without a port, and nothing else', () => {
    const answered = ['localhost', 'localhost:3000', 'LOCALHOST.', 'app.localhost:3001', '127.0.0.1:3000', '0x7f000001', '10.1.2.3', '[::1]:3000', '[::ffff:7f00:1]'];
    const refused = ['evil.example', 'evillocalhost', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.nip.io', 'evil.example@127.0.0.1', '127.0.0.1/x', 'a b', '', 'localhost:x'];
    expect(answered.filter((host) => !hostAllowed(host, loopbackOnly))).toEqual([]);
    expect(refused.filter((host) => hostAllowed(host, loopbackOnly))).toEqual([]);
  });

  it('answers the names given, a leading dot taking every name below, and any host with all', () => {
    const allowed = parseAllowedHosts('apisim.internal, .Example.com')!;
    expect(['apisim.internal:3000', 'example.com', 'api.example.com', 'localhost'].every((host) => hostAllowed(host, allowed))).toBe(true);
    expect(['other.internal', 'notexample.com', 'example.com.evil.example'].some((host) => hostAllowed(host, allowed))).toBe(false);
    expect(hostAllowed('evil.example', parseAllowedHosts('all')!)).toBe(true);
  });

  it('answers a request with no Host (HTTP/1.0), which no browser sends', () => {
    expect(hostAllowed(undefined, loopbackOnly)).toBe(true);
  });

  it('refuses a list it cannot read', () => {
    expect(['', 'a,,b', 'http://x', 'a b', 'x:80', '*'].map(parseAllowedHosts)).toEqual(Array(6).fill(undefined));
  });
});
