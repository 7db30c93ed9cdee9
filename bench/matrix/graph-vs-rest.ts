import { persistedGetPath } from '../../src/graph/persisted/persisted-get-path.js';
import { nestedSampleQuery } from '../../sim/scenario/builtin/graph.js';
import { runScenario } from '../../sim/scenario/run.js';
import { parseScenario, type ScenarioInput, type ScenarioSpec } from '../../sim/scenario/spec.js';
import type { MatrixScenario, VariantPlan } from './matrix-scenario.js';
import { answersOf, restSample, restWaves } from './rest-client.js';

const scenarioName = 'graph-vs-rest';
const sampleVariables = { id: String(restSample.userId), limit: restSample.postsLimit };
const persistedPath = persistedGetPath(nestedSampleQuery, 'Sample', sampleVariables);

type Steps = ScenarioInput['steps'];

/**
 * One caller (alice, the default) and one client, so every variant shares one WAN line and its bandwidth.
 * The sample query is preloaded, as a deployment that accepts registered queries has it (spec §4 Area C
 * rule 6): the persisted GET then needs no registration round trip, and "cold" means only the cache is empty.
 */
function spec(steps: Steps): ScenarioSpec {
  return parseScenario({ name: scenarioName, graph: { preloadedQueries: [nestedSampleQuery] }, steps }, scenarioName);
}

/**
 * The REST client, wave after wave. `waterfall`: one request after another, each when the previous answer
 * is in. `parallel`: every request of a wave at once (steps with `atUs` on the one client, so they share its
 * line like requests multiplexed on one connection), the wave starting when the last answer of the one
 * before it is in. The start times and the ids to ask for come from running the waves so far: the run is
 * deterministic, so the final run repeats those answers at those times exactly.
 */
async function restPlan(mode: 'waterfall' | 'parallel', seed: number): Promise<VariantPlan> {
  let steps: Steps = [];
  for (const wave of restWaves) {
    const before = steps.length === 0 ? undefined : await runScenario(`${scenarioName} (planning)`, spec(steps), { seed, trace: 'off' });
    const paths = wave(before === undefined ? new Map() : answersOf(before));
    const atUs = before === undefined ? 0 : Math.max(...before.exchanges.map((x) => x.completedUs ?? Infinity));
    if (!Number.isSafeInteger(atUs)) throw new Error(`${scenarioName}: a planning run did not settle`);
    steps = [...steps, ...paths.map((path) => ({ method: 'GET', path, ...(mode === 'parallel' ? { atUs } : {}) }))];
  }
  return { spec: spec(steps), warmUpSteps: 0 };
}

const graphPost = { method: 'POST', path: '/graphql', body: { query: nestedSampleQuery, variables: sampleVariables } };
const persistedGet = { method: 'GET', path: persistedPath };

/**
 * The comparison the spec sets up (§4 Area C rule 4 and 6): the nested sample fetched five ways, the same
 * user, limits and fields each time. REST answers whole records and needs a request per list; the graph
 * answers only the requested fields in one round trip; the persisted GET can be answered by the cache.
 */
export const graphVsRestMatrix: MatrixScenario = {
  name: scenarioName,
  seed: 1,
  // Reads only: the posts at the end are the nine the seed wrote, whatever the variant did.
  stateFigure: { name: 'posts_count', value: (run) => String(run.finalState.posts.posts.length) },
  variants: [
    { name: 'rest-waterfall', quick: true, plan: (seed) => restPlan('waterfall', seed) },
    { name: 'rest-parallel', quick: true, plan: (seed) => restPlan('parallel', seed) },
    { name: 'graph-post', quick: true, plan: () => Promise.resolve({ spec: spec([graphPost]), warmUpSteps: 0 }) },
    { name: 'graph-persisted-cold', quick: true, plan: () => Promise.resolve({ spec: spec([persistedGet]), warmUpSteps: 0 }) },
    { name: 'graph-persisted-warm', quick: true, plan: () => Promise.resolve({ spec: spec([persistedGet, persistedGet]), warmUpSteps: 1 }) },
  ],
};
