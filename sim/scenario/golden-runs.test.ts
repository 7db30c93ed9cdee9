import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { jsonSummary } from '../../api/cli/render/json-summary.js';
import { renderSummary, renderTimeline } from '../../api/cli/render/timeline.js';
import { builtinScenarios } from './catalog.js';
import { builtin } from './resolve.js';
import { runScenario } from './run.js';

/**
 * Every built-in scenario on seeds 1 to 7, as a run sees it and as a person does: the trace hash in hash mode
 * and in full mode, the events run, and digests of the summary (JSON and text) and of the timeline. A change
 * that moves files or names must leave this file byte for byte as it was; a change that means to alter what a
 * run does or prints rewrites it with `APISIM_UPDATE_GOLDEN=1 npx vitest run sim/scenario/golden-runs.test.ts`,
 * and the diff shows which runs moved.
 */
const goldenFile = new URL('./golden-runs.csv', import.meta.url);
const seeds = [1, 2, 3, 4, 5, 6, 7];

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function goldenRows(): Promise<string> {
  const rows = ['scenario,seed,hash_mode_trace_hash,full_mode_trace_hash,events_run,summary_digest,timeline_digest'];
  for (const { name } of builtinScenarios) {
    for (const seed of seeds) {
      const { spec } = builtin(name, seed);
      const hashed = await runScenario(name, spec, { seed, trace: 'hash' });
      const full = await runScenario(name, spec, { seed, trace: 'full' });
      const summary = JSON.stringify(jsonSummary(full)) + renderSummary(full, `replay ${name} ${seed}`);
      rows.push([name, seed, hashed.traceHash, full.traceHash, full.eventsRun, digest(summary), digest(renderTimeline(full.trace.events))].join(','));
    }
  }
  return `${rows.join('\n')}\n`;
}

describe('the golden runs', () => {
  it('every built-in scenario on seeds 1-7 runs and prints as sim/scenario/golden-runs.csv says', { timeout: 120_000 }, async () => {
    const rows = await goldenRows();
    if (process.env.APISIM_UPDATE_GOLDEN === '1') await writeFile(goldenFile, rows);
    expect(rows).toBe(await readFile(goldenFile, 'utf8'));
    expect(rows.trim().split('\n')).toHaveLength(1 + builtinScenarios.length * seeds.length);
  });
});
