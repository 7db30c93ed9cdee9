import { fetchOrigin } from '../../sim/host/adapters/fetch-origin.js';
import { listenerOrigin } from '../../sim/host/adapters/listener-origin.js';
import type { OriginProcess } from '../../sim/nodes/origin-process.js';
import { graphBench, jitBare, pipelineQuery } from '../harness/graph-pipeline.js';
import { runGuestRoundTrips } from '../harness/guest-round-trips.js';
import { runHarnessRoundTrips } from '../harness/harness-round-trips.js';
import { trivialFetchApp, trivialListenerApp } from '../harness/trivial-notes-apps.js';
import { benchmarkWorkloadShape, notesWorkload } from '../harness/workload.js';
import type { TraceMode } from '../../sim/trace.js';
import { graphQueriesPerRun } from './modes.js';

/** The harness's adapter variants (`adapter round trips`): the trivial app behind each adapter, trace off. */
const adapters: Readonly<Record<string, () => OriginProcess>> = {
  fetch: () => fetchOrigin(trivialFetchApp().app),
  listener: () => listenerOrigin(trivialListenerApp().app),
};

/**
 * The `graph pipeline` benchmark's warm variant (`graph`: the whole request through one endpoint, whose
 * document cache and compiled query the first two queries fill) and its outside anchor (`jit`: graphql-jit
 * bare, compiled once): one query per call, checked for the status or the errors as the benchmark checks them.
 */
function graphQuery(mode: 'graph' | 'jit'): () => Promise<void> {
  const bench = graphBench();
  if (mode === 'jit') {
    const run = jitBare(bench, bench.endpoint());
    return async () => {
      if ((await run()).errors !== 0) throw new Error('graphql-jit bare answered with errors');
    };
  }
  const endpoint = bench.endpoint();
  return async () => {
    const status = await pipelineQuery(bench, endpoint);
    if (status !== 200) throw new Error(`the warm graph path answered ${status}`);
  };
}

/**
 * `node round-trips-run.js <runs> <mode>`: the harness benchmark's workload (1,000 round trips), `runs`
 * times, as `npm run bench:counts` runs it under cachegrind, compiled to JS (see its tsconfig.json). A mode
 * is a trace mode of apisim's own origin (`off`, `hash`, `full`), an adapter with its trivial app, or a graph
 * mode, whose run is `graphQueriesPerRun` queries of the nested sample.
 */
const [runs, mode = 'off'] = process.argv.slice(2);
const adapter = adapters[mode];
if (mode === 'graph' || mode === 'jit') {
  const query = graphQuery(mode);
  for (let i = 0; i < Number(runs) * graphQueriesPerRun; i++) await query();
} else {
  const workload = notesWorkload(benchmarkWorkloadShape);
  for (let i = 0; i < Number(runs); i++) {
    if (adapter === undefined) await runHarnessRoundTrips(workload, mode as TraceMode);
    else await runGuestRoundTrips(workload, adapter());
  }
}
