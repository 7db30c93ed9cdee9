import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../api/cli/render/html/html-text.js';
import { shownVerdicts } from '../api/cli/render/html/test-kit.js';
import { allPrinciples } from './index.js';
import { ownerIsolation } from './owner-isolation.js';
import { principlesHtml } from './principles-html.js';
import { runPrinciple } from './runner.js';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { scratchFolder } from './test-kit/scratch-folder.js';
import { principles } from './vitest.js';

const flawed = new URL('../examples/express-orders/apisim-flawed.config.ts', import.meta.url);

describe('the principles\' HTML report', { timeout: 30_000 }, () => {
  it('has a row per principle that ran, and draws a broken one\'s shrunk run hop by hop with the commands that replay it', async () => {
    const prepared = await PreparedTarget.prepare(await loadTarget(flawed));
    const result = await runPrinciple(prepared, ownerIsolation, { runs: 30, fcSeed: 5, folder: scratchFolder('principles-html'), rerun: 'npx vitest run x.test.ts' });
    const html = principlesHtml('apisim-flawed.config.ts', [
      { principle: 'authentication-first', notApplicable: 'it declares no users' },
      { principle: 'owner-isolation', result },
      { principle: 'safe-methods', error: 'the app threw <TypeError>' },
      { principle: 'exactly-once', result: { ...result, principle: 'exactly-once', outcome: 'unrun', failed: false, unrunReasons: ['nothing counts what a POST made: declare a collection GET'] } },
    ], allPrinciples, 'npx vitest run x.test.ts');
    expect(shownVerdicts(html).map((v) => `${v.outcome} ${v.name} | ${v.detail}`)).toEqual([
      'not applicable authentication-first | it declares no users',
      `FAIL <a href="#principle-owner-isolation">owner-isolation</a> | 1 run · ${escapeHtml(result.problems[0]!)}`,
      'ERROR safe-methods | the app threw &lt;TypeError&gt;',
      'could not run exactly-once | 1 run · nothing counts what a POST made: declare a collection GET',
    ]);
    expect(html).toContain('<div class="counts"><span class="pill fail">1 failed</span> <span class="pill skip">1 could not run</span> <span class="pill skip">1 not applicable</span> <span class="pill error">1 ended in an error</span></div>');
    // A principle that could not run is no failure: only the broken one has a section.
    expect(html.match(/<section class="card failure/g)).toHaveLength(1);
    expect(html).toContain('the app threw &lt;TypeError&gt;');
    expect(html).toContain(`<code>${result.scenario!.command}</code>`);
    expect(html).toContain(`<code>${result.fastCheckReplay!.replaceAll("'", '&#39;')}</code>`);
    // Two sign-ins and two requests, each through the line and the cache to the app and back: four hops each.
    expect(html.match(/<g class="arrow /g)).toHaveLength(16);
    expect([...html.matchAll(/class="node-label"[^>]*>([^<]+)</g)].map((m) => m[1]).slice(0, 2).sort()).toEqual(['other-user', 'user']);
    expect(html).toContain('to 2 requests, besides 2 sign-ins, on simulator seed');
  });
});

// The vitest helper's option, as a user writes it: the report is written once every principle has run.
const report = join(scratchFolder('principles-html-option'), 'nested', 'apisim.html');
principles(new URL('../examples/hono-notes/apisim.config.ts', import.meta.url), { only: ['safe-methods', 'owner-isolation'], runs: 5, html: report });
afterAll(() => {
  const html = readFileSync(report, 'utf8');
  expect(shownVerdicts(html).map((v) => `${v.outcome} ${v.name}`)).toEqual(['not applicable owner-isolation', 'pass safe-methods']);
});
