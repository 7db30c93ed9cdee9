import { describe, expect, it } from 'vitest';
import { belowRequired, checksCoverage, coverageText } from './coverage-matrix.js';
import { conformanceHtml } from './html-report.js';
import { junitReport } from './junit-report.js';
import { byCurl } from './reproduction.js';
import type { CheckResult, SuiteResult } from './suite-run.js';
import type { SentExchange } from './wire.js';

const base = 'http://127.0.0.1:3000/api';
const sent = (method: string, path: string): SentExchange => ({
  as: 'user', to: base,
  request: { method, url: `${base}${path}`, headers: {}, body: undefined },
  response: { status: 200, headers: {}, setCookies: [], body: '', elapsedMs: 1 },
});
const result = (name: string, outcome: CheckResult['outcome'], exchanges: readonly SentExchange[], reason = 'fine'): CheckResult => ({
  name, statement: 'must hold', principle: null, outcome, reason, ms: 1, requests: exchanges.length, findings: [], unanswered: undefined, leftBehind: [], exchanges,
});
const operations = [{ method: 'GET', path: '/health' }, { method: 'POST', path: '/projects' }, { method: 'GET', path: '/projects/{projectId}' }, { method: 'GET', path: '/projects/{projectId}/tasks' }];
const results = [
  result('auth/401-before-403', 'pass', [sent('POST', '/projects'), sent('GET', '/projects/999/tasks?page=2')]),
  result('orders/owner-isolation', 'fail', [sent('POST', '/projects'), sent('GET', '/projects/1')]),
  result('notes/put-idempotent', 'unrun', [sent('POST', '/projects')], 'could not run: no project'),
  result('graph/field-exact', 'skip', [], 'no graph endpoint'),
];
const suite: SuiteResult = { results, requests: 5, ms: 10, beyondBounds: 0 };

describe('the coverage matrix of a conformance run', () => {
  const matrix = checksCoverage(operations, results);

  it('counts each request a check sent for the operation it matches, below the base URL\'s own path; a check skipped for the target has no column', () => {
    expect(matrix.principles).toEqual(['auth/401-before-403', 'orders/owner-isolation', 'notes/put-idempotent']);
    expect(matrix.cells).toEqual({
      'POST /projects': { 'auth/401-before-403': { outcome: 'pass' }, 'orders/owner-isolation': { outcome: 'fail' }, 'notes/put-idempotent': { outcome: 'unrun', reason: 'could not run: no project' } },
      'GET /projects/{projectId}/tasks': { 'auth/401-before-403': { outcome: 'pass' } },
      'GET /projects/{projectId}': { 'orders/owner-isolation': { outcome: 'fail' } },
    });
    expect(coverageText(matrix, 'check').split('\n').at(-1)).toBe('3 of 4 operations exercised (75%); by no check: GET /health');
    expect(belowRequired('conformance', matrix, 75, 'check')).toBeUndefined();
    expect(belowRequired('conformance', matrix, 76, 'check')).toBe('conformance: 75% of the operations were exercised, below the 76% required; by no check: GET /health');
  });

  it('is a JUnit testsuite of its own: a testcase per operation, skipped when no check sent it, and one that fails below --require-coverage', () => {
    const xml = junitReport(suite, 'the target', byCurl, { matrix, required: 80, below: belowRequired('conformance', matrix, 80, 'check') });
    const coverage = xml.slice(xml.indexOf('<testsuite name="apisim conformance coverage'));
    expect(coverage).toMatch(/<testcase classname="coverage" name="GET \/health"[^>]*>\s*<skipped\/>\s*<system-out><!\[CDATA\[no check sent a request to it\]\]><\/system-out>/);
    expect(coverage).toContain('<![CDATA[auth/401-before-403: pass\norders/owner-isolation: FAIL\nnotes/put-idempotent: unrun (could not run: no project)]]>');
    expect(coverage).toMatch(/name="--require-coverage 80"[^>]*>\s*<failure message="conformance: 75% of the operations were exercised, below the 80% required; by no check: GET \/health" type="CoverageBelowRequired"\/>/);
    expect(junitReport(suite, 'the target', byCurl)).not.toContain('coverage');
  });

  it('is a table in the HTML report, a pill per cell that a check sent', () => {
    const html = conformanceHtml(suite, { target: 'the target', cacheUrl: undefined, reproduction: byCurl, command: 'npx apisim conformance', coverage: { matrix, required: undefined, below: undefined } });
    const table = html.slice(html.indexOf('<table class="matrix">'), html.indexOf('</table>', html.indexOf('<table class="matrix">')));
    expect(table).toContain('<th>auth/401-before-403</th><th>orders/owner-isolation</th><th>notes/put-idempotent</th>');
    expect(table).toContain('<tr><td class="name">POST /projects</td><td><span class="pill pass">pass</span></td><td><span class="pill fail">FAIL</span></td><td><span class="pill skip">unrun</span></td></tr>');
    expect(table).toContain('<tr><td class="name">GET /health</td><td>-</td><td>-</td><td>-</td></tr>');
    expect(html).toContain('3 of 4 operations exercised (75%); by no check: GET /health');
    expect(conformanceHtml(suite, { target: 'the target', cacheUrl: undefined, reproduction: byCurl, command: 'x' })).not.toContain('class="matrix"');
  });
});
