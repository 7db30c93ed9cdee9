import { describe, expect, it } from 'vitest';
import { parseCli } from './start-options.js';

describe('npm start options', () => {
  it('defaults to 127.0.0.1:3000, owner-check, no front, data in ./apisim-data', () => {
    expect(parseCli([], {})).toEqual({ kind: 'serve', options: { port: 3000, host: '127.0.0.1', allowedHosts: { kind: 'names', names: [] }, trustProxy: [], orders: 'owner-check', hideExistence: false, front: false, rateLimit: { kind: 'default' }, dataDir: 'apisim-data', heapBudget: 0.8 } });
  });

  it('keeps the data in --data DIR, or nowhere with --memory', () => {
    expect(parseCli(['--data', '/var/lib/apisim'], {})).toMatchObject({ options: { dataDir: '/var/lib/apisim' } });
    expect(parseCli(['--memory'], {})).toMatchObject({ options: { dataDir: undefined } });
  });

  it('takes PORT from the environment, and --port over it', () => {
    expect(parseCli([], { PORT: '8080' })).toMatchObject({ options: { port: 8080 } });
    expect(parseCli(['--port', '0'], { PORT: '8080' })).toMatchObject({ options: { port: 0 } });
  });

  it('reads every flag', () => {
    expect(parseCli(['--port', '4000', '--host', '::1', '--orders', 'login-only', '--hide-existence', '--front', '--rate-limit', 'off'], {}))
      .toEqual({ kind: 'serve', options: { port: 4000, host: '::1', allowedHosts: { kind: 'names', names: [] }, trustProxy: [], orders: 'login-only', hideExistence: true, front: true, rateLimit: { kind: 'off' }, dataDir: 'apisim-data', heapBudget: 0.8 } });
    expect(parseCli(['--help'], {})).toEqual({ kind: 'help' });
  });

  it('reads --allowed-hosts as names separated by commas, or all, and refuses anything else', () => {
    expect(parseCli(['--allowed-hosts', 'apisim.internal,.example.com'], {})).toMatchObject({ options: { allowedHosts: { kind: 'names', names: ['apisim.internal', '.example.com'] } } });
    expect(parseCli(['--allowed-hosts', 'all'], {})).toMatchObject({ options: { allowedHosts: { kind: 'any' } } });
    expect(parseCli(['--allowed-hosts', 'http://x'], {})).toMatchObject({ kind: 'usage-error', message: expect.stringContaining('--allowed-hosts') as unknown });
  });

  it('reads --trust-proxy as IP addresses separated by commas, and refuses a name', () => {
    expect(parseCli(['--trust-proxy', '10.0.0.5, ::1'], {})).toMatchObject({ options: { trustProxy: ['10.0.0.5', '::1'] } });
    expect(parseCli(['--trust-proxy', 'proxy.internal'], {})).toMatchObject({ kind: 'usage-error', message: expect.stringContaining('--trust-proxy') as unknown });
  });

  it('reads --heap-budget as a share of the heap, or off, and refuses anything else', () => {
    expect(parseCli(['--heap-budget', '0.5'], {})).toMatchObject({ options: { heapBudget: 0.5 } });
    expect(parseCli(['--heap-budget', '1'], {})).toMatchObject({ options: { heapBudget: 1 } });
    expect(parseCli(['--heap-budget', 'off'], {})).toMatchObject({ options: { heapBudget: undefined } });
    for (const bad of ['0', '1.5', '80%', '-0.2', '', 'half']) expect(parseCli(['--heap-budget', bad], {})).toMatchObject({ kind: 'usage-error', message: expect.stringContaining('--heap-budget') as unknown });
  });

  it('reads --rate-limit as N/s, with or without the /s, or off', () => {
    expect(parseCli(['--rate-limit', '500/s'], {})).toMatchObject({ options: { rateLimit: { kind: 'per-second', requestsPerSecond: 500 } } });
    expect(parseCli(['--rate-limit=0.5'], {})).toMatchObject({ options: { rateLimit: { kind: 'per-second', requestsPerSecond: 0.5 } } });
    expect(parseCli(['--rate-limit', 'off'], {})).toMatchObject({ options: { rateLimit: { kind: 'off' } } });
  });

  it.each([
    [['--rate-limit', '0/s'], /--rate-limit must be N\/s \(N > 0 requests a second\) or off, got "0\/s"/],
    [['--rate-limit', '100/min'], /--rate-limit must be N\/s/],
    [['--rate-limit', 'none'], /--rate-limit must be N\/s/],
    [['--rate-limit', ''], /--rate-limit must be N\/s/],
    [['--port', 'abc'], /port must be an integer from 0 to 65535/],
    [['--port=-1'], /port must be an integer/],
    [['--port', '1.5'], /port must be an integer/],
    [['--port', '65535', '--front'], /0 to 65533 \(the front takes the next two\)/],
    [['--orders', 'owners'], /--orders must be owner-check or login-only/],
    [['--bogus'], /unknown option "--bogus"/],
    [['--hide'], /unknown option "--hide"; did you mean --hide-existence\?/],
    [['serve'], /unexpected argument "serve"/],
    [['--host', ''], /host must not be empty/],
    [['--data', 'd', '--memory'], /--data and --memory cannot both be given/],
    [['--data='], /--data must name a folder/],
  ])('refuses %j with a usage error', (argv, message) => {
    const parsed = parseCli(argv, {});
    expect(parsed.kind).toBe('usage-error');
    expect(parsed.kind === 'usage-error' ? parsed.message : '').toMatch(message);
  });

  it('refuses a PORT that is not a port', () => {
    expect(parseCli([], { PORT: 'http' })).toMatchObject({ kind: 'usage-error' });
  });
});
