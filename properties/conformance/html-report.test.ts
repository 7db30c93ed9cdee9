import { describe, expect, it } from 'vitest';
import { curlCommand } from './curl-command.js';
import { shownVerdicts } from '../../api/cli/render/html/test-kit.js';
import { conformanceHtml } from './html-report.js';
import { byCurl } from './reproduction.js';
import type { CheckResult, SuiteResult } from './suite-run.js';
import type { SentExchange } from './wire.js';

const base = 'http://127.0.0.1:3000';
const cacheUrl = 'http://127.0.0.1:3001';

function sent(as: string, path: string, status: number, body: string, to = base): SentExchange {
  return {
    as, to,
    request: { method: 'GET', url: `${to}${path}`, headers: as === 'anonymous' ? {} : { authorization: 'Bearer t' }, body: undefined },
    response: { status, headers: { 'content-type': 'application/json' }, setCookies: ['sid=1; HttpOnly'], body, elapsedMs: 2.5 },
  };
}

const result = (over: Partial<CheckResult>): CheckResult => ({
  name: 'auth/401-before-403', statement: 'gate 1 before gate 2', principle: 'authentication-first', outcome: 'pass', reason: 'fine',
  ms: 12, requests: 2, findings: [], unanswered: undefined, leftBehind: [], exchanges: [], ...over,
});

const own = sent('user', '/orders/1', 200, '{"id":1}');
const others = sent('other-user', '/orders/1', 200, '{"id":1,"delivery_address":"<b>secret</b>"}');
const viaCache = sent('user', '/notes/1', 200, '{}', cacheUrl);
const suite: SuiteResult = {
  results: [
    result({}),
    result({
      name: 'orders/owner-isolation', statement: 'no one reads another user\'s order', outcome: 'fail', reason: 'other-user read /orders/1',
      findings: [{ what: 'other-user read /orders/1', expected: '403 or 404', got: '200 {"id":1,…}', exchange: others }], exchanges: [own, others, viaCache],
    }),
    result({ name: 'graph/field-exact', outcome: 'error', reason: 'GET /graphql: no response within 5000 ms', unanswered: sent('user', '/graphql', 0, '').request }),
    result({ name: 'notes/put-idempotent', outcome: 'skip', reason: 'no notes here' }),
  ],
  requests: 5, ms: 40, beyondBounds: 0,
};

const html = conformanceHtml(suite, { target: base, cacheUrl, reproduction: byCurl, command: 'npx apisim conformance --base-url http://127.0.0.1:3000 --html r.html' });
const section = (id: string) => html.slice(html.indexOf(`id="${id}"`), html.indexOf('</section>', html.indexOf(`id="${id}"`)));

describe('conformance --html', () => {
  it('has a row per check in the words of the text table, and links each failure and error to its section', () => {
    expect(shownVerdicts(html)).toEqual([
      { outcome: 'pass', name: 'auth/401-before-403', detail: '12 ms · 2 requests · fine' },
      { outcome: 'FAIL', name: '<a href="#check-orders-owner-isolation">orders/owner-isolation</a>', detail: '12 ms · 2 requests · other-user read /orders/1' },
      { outcome: 'ERROR', name: '<a href="#check-graph-field-exact">graph/field-exact</a>', detail: '12 ms · 2 requests · GET /graphql: no response within 5000 ms' },
      { outcome: 'SKIP', name: 'notes/put-idempotent', detail: '12 ms · 2 requests · no notes here' },
    ]);
    expect(html).toContain('<span class="pill pass">1 passed</span> <span class="pill fail">1 failed</span> <span class="pill skip">1 skipped</span> <span class="pill error">1 ended in an error</span>');
  });

  it('draws the check\'s requests over sockets: one arrow there and one back per exchange, the one a finding names marked', () => {
    const failure = section('check-orders-owner-isolation');
    expect(failure.match(/<g class="arrow /g)).toHaveLength(6);
    expect(failure.match(/<div class="row message focus">/g)).toHaveLength(2);
    expect([...failure.matchAll(/class="node-label"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['user', 'other-user', 'target', 'cache']);
    expect(failure).toContain('as the suite received it');
    expect(failure).toContain('<tr><th>set-cookie</th><td>sid=1; HttpOnly</td></tr>');
    expect(failure).toContain('&lt;b&gt;secret&lt;/b&gt;');
    expect(failure).toContain(`<code>${curlCommand(others.request).replaceAll("'", '&#39;')}</code>`);
  });

  it('shows an error with its reason and the request that got no answer, to try by hand', () => {
    const error = section('check-graph-field-exact');
    expect(error).toContain('<p class="what">GET /graphql: no response within 5000 ms</p>');
    expect(error).toContain(`<code>${curlCommand(sent('user', '/graphql', 0, '').request).replaceAll("'", '&#39;')}</code>`);
    expect(error).toContain('The check sent no request before its verdict.');
  });
});
