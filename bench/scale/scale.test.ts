import { describe, expect, it } from 'vitest';
import { runMixedTraffic } from '../harness/mixed-traffic.js';
import { measureScaleStep, scaleCsv, scaleSteps } from './scale.js';

const shape = { clients: 20, requestsPerClient: 10, untilUs: Number.POSITIVE_INFINITY, meanThinkUs: 10_000_000, graphQueries: false };

describe('scale', () => {
  it('grows tenfold per step, and only the million-request step of a whole run folds its exchanges', () => {
    expect(scaleSteps(false).map((s) => [s.clients, s.clients * s.requestsPerClient, s.exchanges])).toEqual([
      [10, 100, 'keep'], [100, 1_000, 'keep'], [1_000, 10_000, 'keep'], [10_000, 100_000, 'keep'], [1_000, 1_000_000, 'fold'],
    ]);
    expect(scaleSteps(true).map((s) => s.exchanges)).toEqual(['keep', 'keep', 'keep']);
  });

  it('measures a step that answered every request, with or without the trace, keeping or folding its exchanges', async () => {
    const step = { step: 1, clients: 10, requestsPerClient: 10, exchanges: 'keep' } as const;
    const [off, full, folded] = [await measureScaleStep(step, 'off'), await measureScaleStep(step, 'full'), await measureScaleStep({ ...step, exchanges: 'fold' }, 'off')];
    expect([off.requests, off.trace_events, off.kept_trace_events, off.exchanges]).toEqual([100, 0, 0, 'kept']);
    expect(full.events).toBe(off.events);
    expect(full.kept_trace_events).toBe(full.trace_events);
    expect(full.trace_events).toBeGreaterThan(full.events);
    // Folding changes what is remembered, not what is run.
    expect([folded.exchanges, folded.requests, folded.events]).toEqual(['folded', 100, off.events]);
    expect(scaleCsv([off]).split('\n')[0]).toBe(
      'step,clients,requests,trace_mode,exchanges,events,wall_ms,events_per_wall_second,heap_mb,heap_mb_per_10k_events,trace_events,kept_trace_events,omitted_trace_events',
    );
  });

  it('bounds the full trace of a long run, whose hash still covers every event', async () => {
    const bounded = await runMixedTraffic(shape, 'full', { firstEvents: 100, lastEvents: 50 });
    const whole = await runMixedTraffic(shape, 'full', { firstEvents: Number.POSITIVE_INFINITY, lastEvents: 0 });
    expect(whole.trace.events).toHaveLength(whole.trace.count);
    expect(bounded.trace.events).toHaveLength(150);
    expect(bounded.trace.omittedEvents).toBe(whole.trace.count - 150);
    expect(bounded.trace.events).toEqual([...whole.trace.events.slice(0, 100), ...whole.trace.events.slice(-50)]);
    expect(bounded.trace.digest()).toBe(whole.trace.digest());
  });
});
