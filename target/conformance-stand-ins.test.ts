import { describe, expect, it } from 'vitest';
import type { JsonReport } from '../conformance/json-report.js';
import { conformance } from './test-kit/conformance-run.js';

async function ownerIsolation(config: string) {
  const ran = await conformance('--config', config, '--only', 'orders/owner-isolation', '--json');
  const report = JSON.parse(ran.stdout) as JsonReport<'replay'>;
  return { code: ran.code, check: report.checks[0]! };
}

/**
 * Issue 19: verdicts that were false on real deployments, each shown on a stand-in built with the framework it
 * imitates. Each of these tests failed on the suite as it was.
 */
describe('conformance stand-ins: the false verdicts found on real deployments come out true', { timeout: 30_000 }, () => {
  it('an Express app whose GET checks the owner and whose PATCH checks login only fails owner isolation', async () => {
    const { code, check } = await ownerIsolation('target/test-kit/stand-ins/express-patch-login-only.config.ts');
    expect([check.outcome, code]).toEqual(['fail', 1]);
    // Its PATCH refuses a merge patch and an empty body with 400, for their form; the same member's own value goes through.
    expect(check.findings.map((f) => f.what)).toEqual(['--other-user (bob, user bob) may change order 1: PATCH /orders/1 answered 200']);
    expect(check.findings[0]!.got).toMatch(/^200 \{"id":"1","owner":"alice","item":"rain boots"/);
  });

  it('the example app, which has no PATCH, passes, and says that its Allow left no write to probe', async () => {
    const { code, check } = await ownerIsolation('examples/express-orders/apisim.config.ts');
    expect([check.outcome, code]).toEqual(['pass', 0]);
    expect(check.reason).toMatch(/\/orders\/\d+: no write to probe \(Allow: GET, HEAD\)/);
  });

  it("apisim's own origin is probed with every write its orders take, each refused for ownership", async () => {
    const { check } = await ownerIsolation('target/test-kit/apisim-owner-check.config.ts');
    expect(check.outcome).toBe('pass');
    expect(check.reason).toMatch(/writes by the other user: PATCH \/orders\/121 403, PUT \/orders\/121 405/);
  });
});
