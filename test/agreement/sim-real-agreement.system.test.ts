import { describe, expect, it } from 'vitest';
import { runScenario } from '../../sim/scenario/run.js';
import { agreementScripts } from './agreement-scripts.js';
import { comparable, comparableJson, comparableSubscription } from './comparable.js';
import { runOverSockets } from './socket-run.js';

const seed = 1;

/**
 * The simulator and the real sockets run the same `src/`, so the same scenario must give
 * the same statuses, header fields, bodies and final state both ways (ids, credentials and elapsed time
 * masked). A difference means the adapter, the cache proxy or the simulator's transport changes messages.
 */
describe('the simulator and real sockets agree', () => {
  it.each(agreementScripts(seed).map((s) => [s.name, s] as const))('%s', async (_name, script) => {
    const simulated = await runScenario(script.name, script.spec, { seed, trace: 'off' });
    const real = await runOverSockets(script.spec, simulated);

    const steps = (responses: readonly (Parameters<typeof comparable>[0] | undefined)[]) =>
      script.spec.steps.map((step, i) => ({ step: `${i} ${step.method} ${step.path.slice(0, 60)}`, ...comparable(responses[i]!) }));
    expect(steps(real.responses)).toEqual(steps(simulated.exchanges.map((x) => x.response)));

    expect(comparableJson({ ...real.finalState, notesCount: real.finalState.notes.length })).toEqual(comparableJson(simulated.finalState));
    expect(real.cache).toEqual({ hits: simulated.cache.hits, misses: simulated.cache.misses, stores: simulated.cache.stores });
    expect(real.audit).toEqual({ allowed: simulated.audit.allowed, denied: simulated.audit.denied });
    expect(real.alerts.map((a) => [a.userId, a.resource, a.ids])).toEqual(simulated.alerts.map((a) => [a.userId, a.resource, a.ids]));
    expect(real.subscriptions.map(comparableSubscription)).toEqual(simulated.subscriptions.map(comparableSubscription));
    expect(real.serverLog).toEqual([]);
  });
});
