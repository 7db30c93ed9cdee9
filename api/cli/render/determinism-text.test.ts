import { describe, expect, it } from 'vitest';
import { builtin } from '../../../sim/scenario/resolve.js';
import { runScenario } from '../../../sim/scenario/run.js';
import { Trace } from '../../../sim/trace.js';
import type { TraceEvent } from '../../../sim/trace-event.js';
import { firstDifference } from '../../../sim/trace-difference.js';
import { type DeterminismCheck, determinismJson, renderDeterminismFailure } from './determinism-text.js';

function eventAt(atUs: number, note = ''): TraceEvent {
  return { atUs, kind: 'process', from: 'origin', to: 'origin', exchangeId: 1, attempt: 1, method: 'GET', path: '/x', status: 200, bytes: 2, link: '', queuedUs: 0, transmitUs: 0, note };
}

/** Two runs of one seed whose traces (kept: the first 3 and the latest 4 of 20) differ at `changedAt`. */
async function checkOf(changedAt: number): Promise<DeterminismCheck> {
  const { name, spec } = builtin('notes-stable-put', 1);
  const run = await runScenario(name, spec, { seed: 1 });
  const traced = (changed: boolean) => {
    const trace = new Trace('full', { firstEvents: 3, lastEvents: 4 });
    for (let i = 0; i < 20; i++) trace.record(eventAt(i * 1000, changed && i === changedAt ? 'handled in 2.000 ms' : 'handled in 1.000 ms'));
    return trace;
  };
  const [a, b] = [traced(false), traced(true)];
  const cause = { summary: 'a cause.', details: [] };
  const runs = [{ ...run, trace: a, traceHash: 'a'.repeat(64) }, { ...run, trace: b, traceHash: 'b'.repeat(64) }];
  return { runs, inProcess: 2, differing: { index: 1, difference: firstDifference(a, b), cause }, fresh: 'origin' };
}

describe('what --check-determinism prints when a run is longer than its trace keeps', () => {
  it('names the stretch no trace kept when the kept events agree', async () => {
    const text = renderDeterminismFailure(await checkOf(10), 'replay');
    expect(text.split('\n').slice(5, 6)).toEqual([
      'The events the traces kept agree: the first difference lies among events #4 to #16 (a trace keeps the first 3 and the latest 4 of a run), which no trace kept.',
    ]);
  });

  it('shows a difference among the latest events, saying an earlier one may hide in the stretch not kept', async () => {
    const check = await checkOf(17);
    expect(renderDeterminismFailure(check, 'replay').split('\n').slice(5, 10)).toEqual([
      'The first event that differs between run 1 and run 2 is #18, at 17.000 ms in both runs:',
      '            time ms  event   from → to          step.try  message                            bytes  note',
      '  run 1      17.000  process origin             1.1       200 ← GET /x                           2  handled in 1.000 ms',
      '  run 2      17.000  process origin             1.1       200 ← GET /x                           2  handled in 2.000 ms',
      'Events #4 to #16 (a trace keeps the first 3 and the latest 4 of a run) were not kept, so an earlier difference may lie among them.',
    ]);
    expect(determinismJson(check)).toMatchObject({ firstDifference: { runs: [1, 2], event: 18, run1: { atMs: 17 }, other: { atMs: 17 }, unseenEvents: { from: 4, to: 16 } } });
  });
});
