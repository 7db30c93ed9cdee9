import { RngStreams } from '../rng.js';
import { Simulation } from '../simulation.js';
import { Trace, type TraceMode } from '../trace.js';
import { credentialOf, mintCredentials } from './credentials.js';
import type { RunResult } from './result.js';
import { ownOrigin } from './own-origin.js';
import { ScenarioError, type ScenarioSpec, type StepSpec, type SubscriptionSpec } from './spec.js';
import { recordOf, stageScenario } from './stage.js';

// Reports, tools and the CLI import the result from here, beside the function that makes it.
export type { RunResult } from './result.js';

/** Far above any scenario we ship: a run that takes more events than this is taken never to settle. */
export const defaultMaxEvents = 50_000_000;

export interface RunOptions {
  readonly seed: number;
  readonly trace?: TraceMode;
  /** Stops a run that never settles; `defaultMaxEvents` when absent. */
  readonly maxEvents?: number;
}

export async function runScenario(name: string, spec: ScenarioSpec, options: RunOptions): Promise<RunResult> {
  // Quietly running apisim's own origin in place of the app a scenario names would answer the wrong question.
  if (spec.origin !== undefined) {
    throw new ScenarioError(`"${name}" names its own origin (${spec.origin.module}): run it with \`npm run sim -- --file\`, or runGuestScenario with the app`);
  }
  const sim = new Simulation();
  const trace = new Trace(options.trace ?? 'full');
  const streams = new RngStreams(options.seed);
  const { first, restarts } = ownOrigin(spec, sim, streams);
  const credentials = await mintCredentials(first, new Set([...spec.steps, ...spec.subscriptions].map((step) => credentialOf(spec, step))));
  const credential = (step: StepSpec | SubscriptionSpec) => {
    const name = credentialOf(spec, step);
    return { name, headers: credentials.get(name) };
  };
  const stage = stageScenario(spec, { sim, trace, streams, origin: first, restarts, credential });
  await sim.run({ maxEvents: options.maxEvents ?? defaultMaxEvents });

  const origin = stage.top.origin.process;
  const state = origin.state();
  return {
    ...recordOf(name, spec, options.seed, sim, trace, stage, (step) => credentialOf(spec, step)),
    originCrashes: stage.top.origin.crashes,
    finalState: { ...state, notesCount: state.notes.length },
    alerts: origin.alerts,
    audit: origin.audit.counts(),
    graph: origin.graphStats(),
  };
}
