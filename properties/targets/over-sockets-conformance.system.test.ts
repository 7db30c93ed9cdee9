import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonReport } from '../conformance/json-report.js';
import { importModule } from '../../sim/host/app-module/module-import.js';
import { conformance, root } from './test-kit/conformance-run.js';

const flawedConfig = 'examples/express-orders/apisim-flawed.config.ts';
const correctConfig = 'examples/express-orders/apisim.config.ts';

/**
 * The Express orders example on a real socket, built as its description names it (export `flawed` or the
 * default factory), imported the way apisim imports a user's app: a deployment the checks know only by URL.
 */
async function serve(exportName: 'default' | 'flawed'): Promise<{ readonly url: string; readonly server: Server }> {
  const app = await importModule(pathToFileURL(`${root}examples/express-orders/app.ts`).href);
  const server = createServer((app[exportName] as () => RequestListener)());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const notPassed = (report: JsonReport) => report.checks.filter((c) => c.outcome !== 'pass' && c.outcome !== 'skip').map((c) => [c.name, c.outcome]);

describe('npx apisim conformance --config … --base-url: the description over sockets', () => {
  const servers: Server[] = [];
  let flawedUrl = '';
  let correctUrl = '';
  beforeAll(async () => {
    const flawed = await serve('flawed');
    const correct = await serve('default');
    servers.push(flawed.server, correct.server);
    [flawedUrl, correctUrl] = [flawed.url, correct.url];
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('the flawed app fails owner isolation, signed in by the description\'s POST /login, with a curl that reproduces it', async () => {
    const ran = await conformance('--config', flawedConfig, '--base-url', flawedUrl);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(`against ${flawedUrl}, described by ${flawedConfig} (express-orders-flawed) as alice (user alice) and bob (user bob)`);
    expect(ran.stdout).toMatch(/^orders\/owner-isolation +FAIL /m);
    expect(ran.stdout).toMatch(new RegExp(`reproduce: curl -sS -i ${flawedUrl}/orders/\\d+ `));
    // The session cookie the app set at sign-in is what the reproduction carries.
    expect(ran.stdout).toMatch(/reproduce: curl .*-H 'cookie: connect\.sid=/);
    expect(ran.stdout).not.toContain('npx apisim conformance --config');
  });

  it('the correct app passes what applies; the rest skip, as in the simulator; --json and its curl member as any socket run', async () => {
    const ran = await conformance('--config', correctConfig, '--base-url', correctUrl, '--json');
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout) as JsonReport;
    expect(report.target.baseUrl).toBe(correctUrl);
    expect(notPassed(report)).toEqual([]);
    expect(Object.fromEntries(report.checks.map((c) => [c.name, c.outcome]))).toMatchObject({ 'auth/401-before-403': 'pass', 'orders/owner-isolation': 'pass' });
    const flawed = JSON.parse((await conformance('--config', flawedConfig, '--base-url', flawedUrl, '--json')).stdout) as JsonReport;
    const finding = flawed.checks.find((c) => c.name === 'orders/owner-isolation')!.findings[0]!;
    expect(finding.curl).toMatch(/^curl /);
  });

  it('options on the command line win: --user replaces the description\'s user, and a wrong one stops the run', async () => {
    const ran = await conformance('--config', correctConfig, '--base-url', correctUrl, '--user', 'cookie:connect.sid=forged');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/user: the credential of cookie connect\.sid is not accepted: GET \/orders\/0 answered 401/);
    const orderIds = await conformance('--config', correctConfig, '--base-url', correctUrl, '--note-field', 'text');
    expect(orderIds.code).toBe(2);
    expect(orderIds.stderr).toMatch(/--note-field: the description declares no writable collection/);
  });

  it('a description that is not there, or a deployment that is not, is a usage error', async () => {
    expect((await conformance('--config', 'no/such/apisim.config.ts', '--base-url', correctUrl)).stderr).toMatch(/no target config at/);
    const down = await conformance('--config', correctConfig, '--base-url', 'http://127.0.0.1:1');
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/target unreachable/);
  });
});
