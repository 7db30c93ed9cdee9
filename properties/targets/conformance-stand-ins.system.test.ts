import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonCheck, JsonReport } from '../conformance/json-report.js';
import { conformance } from './test-kit/conformance-run.js';
import userIdOrders from './test-kit/stand-ins/express-owner-userid.js';
import publicRegistration from './test-kit/stand-ins/express-public-registration.js';

const standIns = 'properties/targets/test-kit/stand-ins';

async function report(...args: string[]): Promise<{ readonly code: number; readonly report: JsonReport<string> }> {
  const ran = await conformance(...args, '--json');
  return { code: ran.code, report: JSON.parse(ran.stdout) as JsonReport<string> };
}

async function ownerIsolation(config: string) {
  const { code, report: r } = await report('--config', config, '--only', 'orders/owner-isolation');
  return { code, check: r.checks[0]! };
}

const outcomes = (r: JsonReport<string>) => Object.fromEntries(r.checks.map((c: JsonCheck<string>) => [c.name, c.outcome]));

/** A stand-in on a real socket, for the runs over sockets with the spec's shape (`--base-url`). */
const servers: Server[] = [];
async function serve(app: RequestListener): Promise<string> {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * Verdicts that were false on real deployments, each shown on a stand-in built with the framework it
 * imitates. Each of these tests failed on the suite as it was.
 */
describe('conformance stand-ins: the false verdicts found on real deployments come out true', () => {
  it('an Express app whose GET checks the owner and whose PATCH checks login only fails owner isolation', async () => {
    const { code, check } = await ownerIsolation(`${standIns}/express-patch-login-only.config.ts`);
    expect([check.outcome, code]).toEqual(['fail', 1]);
    // Its PATCH refuses a merge patch and an empty body with 400, for their form; the same member's own value goes through.
    expect(check.findings.map((f) => f.what)).toEqual(['--other-user (bob, user bob) may change order 1: PATCH /orders/1 answered 200']);
    expect(check.findings[0]!.got).toMatch(/^200 \{"id":"1","owner":"alice","item":"rain boots"/);
  });

  it('an Express app whose orders name their owner userId, and whose PUT checks login only, fails owner isolation, described or not', async () => {
    const described = await ownerIsolation(`${standIns}/express-owner-userid.config.ts`);
    expect([described.check.outcome, described.code]).toEqual(['fail', 1]);
    expect(described.check.findings.map((f) => f.what)).toEqual(['--other-user (bob, user bob) may change order 11: PUT /orders/11 answered 200']);
    // Over sockets with the spec's shape, which names the owner user_id: the user's own are those only they could read.
    const url = await serve(userIdOrders());
    const { code, report: r } = await report('--base-url', url, '--user', 'alice:alice-password', '--other-user', 'bob:bob-password', '--user-id', 'alice', '--other-user-id', 'bob', '--order-ids', '11,12,21', '--only', 'orders/owner-isolation');
    const check = r.checks[0]!;
    expect([check.outcome, code]).toEqual(['fail', 1]);
    expect(check.findings.map((f) => f.what)).toEqual(['--other-user (bob, user bob) may change order 11: PUT /orders/11 answered 200']);
  });

  it('a public POST /users declared public is not probed for a 401, and said; undeclared, what its probes made is listed as left behind', async () => {
    const url = await serve(publicRegistration());
    const args = ['--base-url', url, '--user', 'alice:alice-password', '--other-user', 'bob:bob-password', '--only', 'auth/401-before-403'];
    const declared = await report(...args, '--public', 'POST /users');
    const check = declared.report.checks[0]!;
    expect([check.outcome, declared.code], check.reason).toEqual(['pass', 0]);
    expect(check.reason).toMatch(/^13 endpoints × 3 credential states .*: all 39 answered 401; .*declared public, not probed: POST \/users$/);
    expect(check.reason).toContain('POST /notes made no note (404): /notes/{id} probed at 999999999');

    const undeclared = await report(...args);
    const failed = undeclared.report.checks[0]!;
    expect([failed.outcome, undeclared.code]).toEqual(['fail', 1]);
    expect(failed.findings.map((f) => f.what)).toEqual(['no credential', 'a forged bearer token', 'a tampered session cookie'].map((state) => `POST /users with ${state} answered 201`));
    // Each made a user the suite's user may not delete: listed, never passed over.
    expect(failed.leftBehind).toEqual([3, 2, 1].map((id) => `DELETE ${url}/users/${id} answered 403 {"error":"you may delete only yourself"}`));
  });

  it('POST /notes that does not work: gate 1 is probed all the same, PUT is judged on a note it creates, and the checks that need a POSTed note could not run (not FAIL); nothing passed or failed is exit 3', async () => {
    const config = `${standIns}/express-notes-post-broken.config.ts`;
    const { code, report: r } = await report('--config', config);
    expect(code).toBe(0);
    expect(outcomes(r)).toMatchObject({
      'auth/401-before-403': 'pass', 'notes/use-after-delete-404': 'unrun', 'notes/put-idempotent': 'pass', 'notes/delete-idempotent': 'unrun', 'cache/unsafe-invalidates': 'unrun',
    });
    expect(r.checks[0]!.reason).toMatch(/^3 endpoints × 3 credential states .*: all 9 answered 401; POST \/notes made no note \(503\): \/notes\/\{id\} probed at 999999999$/);
    // PUT creates a note where POST cannot (spec §3): the repeat is judged on that one.
    expect(r.checks.find((c) => c.name === 'notes/put-idempotent')!.reason).toMatch(/^absent \/notes\/\d+: PUT 200 then 200, created once; an existing note not probed \(POST \/notes made none: 503\)$/);
    expect(r.summary).toMatchObject({ pass: 2, fail: 0, unrun: 3 });
    const notesOnly = await report('--config', config, '--only', 'notes/delete-idempotent,notes/use-after-delete-404');
    expect([notesOnly.code, notesOnly.report.nothingChecked]).toEqual([3, true]);
    expect((await report('--config', config, '--require-all')).code).toBe(1);
  });

  it('the example app, which has no PATCH, passes, and says that its Allow left no write to probe', async () => {
    const { code, check } = await ownerIsolation('examples/express-orders/apisim.config.ts');
    expect([check.outcome, code]).toEqual(['pass', 0]);
    expect(check.reason).toMatch(/\/orders\/\d+: no write to probe \(Allow: GET, HEAD\)/);
  });

  it("apisim's origin that hides order existence passes: another's order answers 404, and the owner's own GET of it 200", async () => {
    const { check } = await ownerIsolation('properties/targets/test-kit/apisim-hidden-existence.config.ts');
    expect(check.outcome).toBe('pass');
    expect(check.reason).toMatch(/writes by the other user: PATCH \/orders\/121 404/);
  });

  it("apisim's own origin is probed with every write its orders take, each refused for ownership", async () => {
    const { check } = await ownerIsolation('properties/targets/test-kit/apisim-owner-check.config.ts');
    expect(check.outcome).toBe('pass');
    expect(check.reason).toMatch(/writes by the other user: PATCH \/orders\/121 403, PUT \/orders\/121 405/);
  });
});
