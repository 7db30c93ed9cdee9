import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shownVerdicts } from '../../api/cli/render/html/test-kit.js';
import { asWritten } from './fault-mix.js';
import { failed } from './seed-outcome.js';
import { sweepHtml } from './sweep-html.js';
import { runSweep } from './sweep.js';
import { inProcessRunner } from './worker-pool.js';

describe('sweep --html', { timeout: 60_000 }, () => {
  it('has a row per target with its seeds\' verdicts, a CDF per target, and the failing seeds, the first shrunk runs drawn', async () => {
    const report = await runSweep({
      jobs: [{ kind: 'scenario', name: 'notes-lossy-mixed', faults: asWritten }], seeds: { first: 1, last: 45 }, runner: inProcessRunner(), parallelism: 1,
      untilFirstFailure: false, timeBudgetMs: undefined, settings: { counterexampleFolder: mkdtempSync(join(tmpdir(), 'apisim-sweep-html-')), simCommand: 'npm run sim --' },
    });
    const failing = report.outcomes.filter(failed);
    // The premise: more failing seeds than are drawn, so that some are listed without a diagram.
    const drawn = 1;
    expect(failing.length).toBeGreaterThan(drawn);
    const html = await sweepHtml({ outcomes: report.outcomes, latencies: report.latencies, heading: 'notes-lossy-mixed · seeds 1-45', command: 'npm run sweep -- notes-lossy-mixed --html x.html', drawn });
    expect(shownVerdicts(html)).toEqual([{
      outcome: 'FAIL', name: `<a href="#seed-${failing[0]!.seed}-notes-lossy-mixed-as-written">notes-lossy-mixed</a>`,
      detail: `faults as-written · 45 seeds · ${45 - failing.length} passed · ${failing.length} failed`,
    }]);
    expect(html.match(/<figure class="chart">/g)).toHaveLength(1);
    expect(html.match(/<path class="curve"/g)).toHaveLength(report.latencies.length);
    expect(html.match(/<section class="card failure/g)).toHaveLength(failing.length);
    for (const o of failing) expect(html).toContain(`<code>${o.replay}</code>`);
    // Each drawn run is the shrunk file's, run as its replay command runs it: its hops, and no diagram for the rest.
    expect(html.match(/<div class="seq"/g)).toHaveLength(drawn);
    expect(html).toContain(`The shrunk counterexample (${failing[0]!.counterexample}), run once more as its replay command runs it`);
    expect(html.match(/Only the first failing seeds are drawn/g)).toHaveLength(failing.length - drawn);
  });
});
