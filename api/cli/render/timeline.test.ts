import { describe, expect, it } from 'vitest';
import { builtin } from '../../../sim/scenario/resolve.js';
import { runScenario } from '../../../sim/scenario/run.js';
import { jsonSummary } from './json-summary.js';
import { renderSummary, renderTimeline } from './timeline.js';

const run = async (name: string, seed = 1) => runScenario(name, builtin(name, seed).spec, { seed });

/** The `step.try` cell of each timeline line that names a request, with its message. */
function stepCells(timeline: string): { readonly cell: string; readonly message: string }[] {
  return timeline.split('\n').slice(1).flatMap((line) => {
    const cell = line.slice(40, 50).trim();
    return cell === '' ? [] : [{ cell, message: line.slice(50, 84).trim() }];
  });
}

describe('the timeline names exchanges as the summary does, so one label means one thing', () => {
  it('shows step numbers, not the simulator\'s exchange ids, when steps of several clients overlap', async () => {
    const result = await run('notes-lossy-mixed');
    // The premise: ids are handed out in sending order, so here they are not the step numbers.
    expect(result.exchanges.some((x, i) => x.id !== i + 1)).toBe(true);
    const cells = stepCells(renderTimeline(result.trace.events, result.exchanges));
    result.summary.forEach((row, i) => {
      const own = cells.filter((c) => c.cell.startsWith(`${i + 1}.`));
      expect(own.length, `step ${i + 1}`).toBeGreaterThan(0);
      for (const c of own) expect(c.message).toContain(`${row.method} ${row.path}`.slice(0, 20));
    });
  });

  it('numbers steps from 1 in the text and in --json alike', async () => {
    const result = await run('notes-unstable-put');
    expect(jsonSummary(result).exchanges.map((x) => x.step)).toEqual([1, 2]);
    expect(renderSummary(result, 'replay')).toMatch(/\n {5}1 {2}client[^\n]*PUT \/notes\/1[^\n]*\n {5}2 {2}client[^\n]*GET \/notes\/1/);
  });

  it('names a subscription\'s socket as the summary does: ws1 in the timeline, socket #1 below', async () => {
    const result = await run('graph-subscription');
    const cells = stepCells(renderTimeline(result.trace.events, result.exchanges));
    expect(cells.filter((c) => c.message.startsWith('WS ')).every((c) => c.cell === 'ws1')).toBe(true);
    expect(cells.filter((c) => c.message.endsWith('GET /graphql')).every((c) => c.cell === 'ws1.1')).toBe(true);
    expect(renderSummary(result, 'replay')).toContain('socket #1');
  });
});

describe('the summary says what it counted, so no number reads as another', () => {
  it('counts the timeline\'s lines as trace events, apart from the events the clock ran', async () => {
    const result = await run('notes-crash-after-response');
    const lines = renderTimeline(result.trace.events, result.exchanges).split('\n').length - 1; // less the header
    expect(renderSummary(result, 'replay')).toContain(`${lines} trace events (the timeline's lines) from ${result.eventsRun} scheduled events`);
  });

  it('does not say a re-sent GET undoes a write: a read changes nothing', async () => {
    const text = renderSummary(await run('notes-crash-after-response'), 'replay');
    expect(text).toContain('GET /notes/1 (step 2) was sent 2 times; GET is safe, so the repeats only read');
    expect(text).not.toMatch(/GET [^\n]*undoes/);
  });

  it('keeps the warning for an idempotent write: a late PUT can undo another client\'s write', async () => {
    const text = renderSummary(await run('notes-unstable-put'), 'replay');
    expect(text).toMatch(/PUT \/notes\/1 \(step 1\) was sent 2 times; PUT is idempotent[^\n]*undoes that write/);
  });
});
