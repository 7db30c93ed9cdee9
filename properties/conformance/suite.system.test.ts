import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startCacheProxy } from '../../server/cache-proxy.js';
import type { RunningServer } from '../../server/listening-server.js';
import { startOriginServer } from '../../server/origin-server.js';
import { allChecks } from './check-list.js';
import { noOperations } from './operation-request.js';
import { replay, replayWithFetch } from './curl-replay.js';
import { startStandIn } from './test-kit/stand-in.js';
import { checkNamed, conformance, conformanceReport, demoUsers } from './suite-under-test.js';
import { describeResponse } from './wire.js';

const running: RunningServer[] = [];
const started = <T extends RunningServer>(server: T): T => {
  running.push(server);
  return server;
};
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/**
 * Enough of XML 1.0 well-formedness for a generated report: one root, every tag closed in order, attributes
 * quoted, no raw `<` or stray `&` in text, CDATA skipped whole.
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  const text = (s: string) => {
    if (/[<>]/.test(s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, '')) || /&(?!(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(s)) problems.push(`bad text: ${s.slice(0, 40)}`);
  };
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const token = /<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (let m = token.exec(body); m !== null; m = token.exec(body)) {
    if (m[0].startsWith('<![CDATA[')) continue;
    if (m[6] !== undefined) problems.push(`a "<" that starts no tag at ${m.index}`);
    else if (m[5] !== undefined) text(m[5]);
    else if (m[1] === '/') {
      if (stack.pop() !== m[2]) problems.push(`</${m[2]!}> closes nothing open`);
    } else {
      if (stack.length === 0) roots++;
      if (m[4] !== '/') stack.push(m[2]!);
    }
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

describe('npm run conformance against our own server', () => {
  test('owner-check behind the cache proxy: every check passes but those of an OpenAPI description, which it has not', async () => {
    // alice sends about 60 requests in a second; the shipped rate limit (30, then 10 a second) would only add
    // Retry-After waits, which the test below covers on its own.
    const origin = started(await startOriginServer({ settings: { rateLimit: { burst: 1_000, refillPerSecond: 1_000 } } }));
    const cache = started(await startCacheProxy({ upstreamUrl: origin.url }));
    const { code, report } = await conformanceReport(origin.url, '--cache-url', cache.url);
    expect(report.checks.map((c) => [c.name, c.outcome, c.outcome === 'pass' ? '' : c.reason])).toEqual(allChecks.map((c) => [c.name, ...(c.name.startsWith('openapi/') ? ['skip', noOperations] : ['pass', ''])]));
    expect([code, report.passed, report.summary.pass]).toEqual([0, true, allChecks.length - 2]);
  });

  test('login-only: orders/owner-isolation fails with a curl that reproduces the failing response; JSON and JUnit are well-formed', async () => {
    const origin = started(await startOriginServer({ settings: { orders: 'login-only' } }));
    const dir = await mkdtemp(join(tmpdir(), 'apisim-conformance-'));
    try {
      const junitFile = join(dir, 'report.xml');
      const { code, report } = await conformanceReport(origin.url, '--only', 'orders/owner-isolation,notes/put-idempotent', '--junit', junitFile);
      expect(code).toBe(1);
      expect(report.summary).toMatchObject({ pass: 1, fail: 1, skip: 0, error: 0 });
      const check = checkNamed(report, 'orders/owner-isolation');
      expect(check.outcome).toBe('fail');
      const first = check.findings[0]!;
      expect(first.what).toBe('--other-user (bob, user 2) read order 121 of user 1');
      expect(first.curl).toMatch(/^curl -sS -i http:\/\/127\.0\.0\.1:\d+\/orders\/121 -H 'cookie: sid=[^']+'$/);

      // Pasted into a shell (or, without curl, read back and sent), it gets what the check got.
      const replayed = await replay(first.curl);
      expect(replayed.status).toBe(200);
      expect(describeResponse({ status: replayed.status, headers: {}, setCookies: [], body: replayed.body, elapsedMs: 0 })).toBe(first.got);
      expect(JSON.parse(replayed.body)).toMatchObject({ id: 121, user_id: 1 });
      if (replayed.via === 'curl') expect((await replayWithFetch(first.curl)).body).toBe(replayed.body);

      const xml = await readFile(junitFile, 'utf8');
      expect(xmlProblems(xml)).toEqual([]);
      expect(xml).toMatch(/<testsuite [^>]*tests="2"[^>]*failures="1"/);
      expect(xml).toMatch(/<testcase classname="conformance\.orders" name="orders\/owner-isolation"[^>]*>\s*<failure message="--other-user \(bob, user 2\) read order 121 of user 1/);
      expect(xml).toContain('reproduce: curl -sS -i');
      expect(xml).toMatch(/<testcase classname="conformance\.notes" name="notes\/put-idempotent"[^>]*>\s*<system-out>/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the table names each failure with expected, got and the curl to reproduce it', async () => {
    const origin = started(await startOriginServer({ settings: { orders: 'login-only' } }));
    const ran = await conformance(['--base-url', origin.url, ...demoUsers, '--only', 'orders/owner-isolation']);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^orders\/owner-isolation {2}FAIL {4}\s+\d+ {2}--other-user \(bob, user 2\) read order 121 of user 1 \(and \d+ more\)$/m);
    expect(ran.stdout).toMatch(/^ {4}expected: {2}403 \(or 404\): order 121 is not theirs\n {4}got: {7}200 \{"id":121,"user_id":1,/m);
    expect(ran.stdout).toMatch(/^ {4}reproduce: curl -sS -i http:\/\/\S+\/orders\/121 -H 'cookie: sid=/m);
    expect(ran.stderr).toMatch(/\[1\/1\] orders\/owner-isolation: fail in \d+ ms, \d+ requests/);
  });

  test('a 429 with Retry-After is waited out and the request sent again, within the bounds', async () => {
    const origin = started(await startOriginServer());
    let refused = 0;
    const limited = started(await startStandIn(origin.url, async (req, forward) => {
      if (req.method !== 'DELETE' || refused >= 2) return forward(req);
      refused++;
      return { status: 429, headers: { 'retry-after': '0', 'content-type': 'application/problem+json' }, setCookies: [], body: '{"status":429}' };
    }));
    const { code, report } = await conformanceReport(limited.url, '--only', 'notes/use-after-delete-404');
    expect([code, refused, checkNamed(report, 'notes/use-after-delete-404').outcome]).toEqual([0, 2, 'pass']);
    // Retries count against the suite's budget, not the check's own share of 5.
    expect(checkNamed(report, 'notes/use-after-delete-404').requests).toBe(6);
  });

  test('a request without an answer ends its check as an error within --timeout-ms, with the request to try by hand', async () => {
    const origin = started(await startOriginServer());
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const hanging = started(await startStandIn(origin.url, async (req, forward) => {
      if (req.method === 'PUT') await released;
      return forward(req);
    }));
    // The PUT is released only once the report is in: a run that waited for it would never end.
    const { code, report } = await conformanceReport(hanging.url, '--only', 'notes/put-idempotent,notes/use-after-delete-404', '--timeout-ms', '300');
    release();
    const put = checkNamed(report, 'notes/put-idempotent');
    expect([code, put.outcome, checkNamed(report, 'notes/use-after-delete-404').outcome]).toEqual([1, 'error', 'pass']);
    expect(put.reason).toMatch(/^PUT http:\/\/127\.0\.0\.1:\d+\/notes\/\d+: no response within 300 ms$/);
    expect(put.unanswered?.curl).toMatch(/^curl -sS -i -X PUT http:\/\/\S+\/notes\/\d+ -H 'cookie: sid=[^']+' -H 'content-type: application\/json' --data-raw '\{"content":"conformance \w+ put-idempotent after"\}'$/);
  });

  test('--max-requests bounds the whole run: checks past the budget end as errors, not passes', async () => {
    const origin = started(await startOriginServer());
    const { code, report } = await conformanceReport(origin.url, '--max-requests', '20', '--only', 'notes/use-after-delete-404,auth/401-before-403,graph/field-exact');
    expect(code).toBe(1);
    expect(report.checks.map((c) => [c.name, c.outcome])).toEqual([['auth/401-before-403', 'error'], ['notes/use-after-delete-404', 'error'], ['graph/field-exact', 'error']]);
    expect(checkNamed(report, 'auth/401-before-403').reason).toBe('the request budget (--max-requests 20) is used up');
    // Reaching the target, two logins and one request per credential to see it accepted took the other 5. The
    // note the gate-1 check made is removed anyway: one DELETE past the budget, counted and said.
    expect(report.summary).toMatchObject({ requests: 20 - 5 + 1, beyondBounds: 1 });
    expect(report.checks.flatMap((c) => c.leftBehind)).toEqual([]);
  });

  test('a target that does not answer is a usage error (2), not a failed check', async () => {
    const origin = await startOriginServer();
    await origin.close();
    const ran = await conformance(['--base-url', origin.url, ...demoUsers]);
    expect([ran.code, ran.stdout]).toEqual([2, '']);
    expect(ran.stderr).toMatch(/target unreachable: GET http:\/\/127\.0\.0\.1:\d+\/orders\/121: no response: ECONNREFUSED/);
  });

  test('a wrong password is a usage error (2) that says which credential', async () => {
    const origin = started(await startOriginServer());
    const ran = await conformance(['--base-url', origin.url, '--user', 'alice:alice-pw', '--other-user', 'bob:wrong']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/--other-user: POST \/sessions as bob answered 401/);
  });
});
