import { describe, expect, it } from 'vitest';
import type { HtmlReport, SequenceDiagram } from './report-model.js';
import { escapeHtml } from './html-text.js';
import { htmlReport } from './report-page.js';
import { shownVerdicts } from './test-kit.js';

/** What a hostile app might answer: markup, a script, an image from the network, quotes that end an attribute. */
const hostile = `<script>alert(1)</script><img src="https://evil.example/x.png" onerror='alert(2)'>&amp;`;

const diagram: SequenceDiagram = {
  lanes: [{ id: 'alice', label: 'alice', kind: 'client' }, { id: 'wan', label: 'WAN line', kind: 'line' }, { id: 'cache', label: 'cache', kind: 'cache' }],
  rows: [
    {
      kind: 'message', at: '0.000', exchange: 1, attempt: 1, focus: true, from: 'alice', to: 'cache', label: `GET /notes/${hostile}`, status: 0, lost: false, detail: '0 B',
      content: { view: 'as the client sent it', headers: [['x-evil', hostile]], body: hostile },
    },
    { kind: 'note', at: '60.000', exchange: 1, attempt: 1, focus: false, lane: 'cache', label: 'cache', text: hostile, bad: false },
  ],
  rowsLeftOut: 0,
};

const report = (over: Partial<HtmlReport> = {}): HtmlReport => ({
  title: 'apisim conformance',
  subtitle: `against ${hostile}`,
  command: `npx apisim conformance --config ${hostile}`,
  counts: [{ label: 'passed', count: 1, tone: 'pass' }, { label: 'failed', count: 1, tone: 'fail' }, { label: 'skipped', count: 0, tone: 'skip' }],
  verdicts: [
    { outcome: 'pass', tone: 'pass', name: 'auth/401-before-403', details: ['fine'], failure: undefined },
    { outcome: 'FAIL', tone: 'fail', name: 'notes/x', details: ['', hostile], failure: 'check-notes-x' },
  ],
  charts: [],
  failures: [{
    id: 'check-notes-x', title: 'notes/x', outcome: 'FAIL', tone: 'fail', statement: hostile,
    findings: [{ what: hostile, facts: [{ label: 'got', text: hostile }] }],
    replay: [{ label: 'send it again', command: `curl -sS -i 'http://127.0.0.1:3000/notes' --data-raw '${hostile}'` }],
    sequence: diagram, sequenceNote: 'times in virtual ms',
  }],
  failuresLeftOut: undefined,
  ...over,
});

describe('the HTML report', () => {
  it('escapes everything a run said: no markup of the run survives, only its text', () => {
    const html = htmlReport(report());
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('onerror=\'');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=&quot;https://evil.example/x.png&quot; onerror=&#39;alert(2)&#39;&gt;&amp;amp;');
    expect(html).not.toContain(hostile);
  });

  it('is one file that loads nothing: no URL in a src or href, no script, no stylesheet link, a policy that forbids fetching', () => {
    const html = htmlReport(report());
    expect(html).not.toMatch(/\s(src|href)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(html).not.toMatch(/<script\s[^>]*src/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  });

  it('has the verdict table, a row per verdict, the failing one linked to its section; counts of 0 left out', () => {
    const html = htmlReport(report());
    expect(shownVerdicts(html)).toEqual([
      { outcome: 'pass', name: 'auth/401-before-403', detail: 'fine' },
      { outcome: 'FAIL', name: '<a href="#check-notes-x">notes/x</a>', detail: escapeHtml(hostile) },
    ]);
    expect(html).toContain('<section class="card failure fail" id="check-notes-x">');
    expect(html).toContain('<span class="pill pass">1 passed</span> <span class="pill fail">1 failed</span></div>');
    expect(html).not.toContain('skipped');
  });

  it('draws the failure\'s run with its messages collapsible, the exchange a finding names marked', () => {
    const html = htmlReport(report());
    expect(html.match(/<div class="row message focus">/g)).toHaveLength(1);
    expect(html.match(/<div class="row note">/g)).toHaveLength(1);
    expect(html).toContain('<details><summary><span class="lbl">GET /notes/&lt;script&gt;');
    expect(html).toContain('<tr><th>x-evil</th><td>&lt;script&gt;');
    expect(html).toContain('<pre class="body">&lt;script&gt;');
  });

  it('leaves out what it has nothing for: no failures section when nothing failed, no latency without charts', () => {
    const html = htmlReport(report({ failures: [], verdicts: [] }));
    expect(html).not.toContain('Failures');
    expect(html).not.toContain('Latency');
    expect(html).not.toContain('<svg');
  });
});
