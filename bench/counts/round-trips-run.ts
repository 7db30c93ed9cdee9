import { fetchOrigin } from '../../sim/host/adapters/fetch-origin.js';
import { listenerOrigin } from '../../sim/host/adapters/listener-origin.js';
import type { OriginProcess } from '../../sim/nodes/origin-process.js';
import { runGuestRoundTrips } from '../harness/guest-round-trips.js';
import { runHarnessRoundTrips } from '../harness/harness-round-trips.js';
import { trivialFetchApp, trivialListenerApp } from '../harness/trivial-notes-apps.js';
import { benchmarkWorkloadShape, notesWorkload } from '../harness/workload.js';
import type { TraceMode } from '../../sim/trace.js';

/** The harness's adapter variants (`adapter round trips`): the trivial app behind each adapter, trace off. */
const adapters: Readonly<Record<string, () => OriginProcess>> = {
  fetch: () => fetchOrigin(trivialFetchApp().app),
  listener: () => listenerOrigin(trivialListenerApp().app),
};

/**
 * `node round-trips-run.js <runs> <mode>`: the harness benchmark's workload (1,000 round trips), `runs`
 * times, as `npm run bench:counts` runs it under cachegrind, compiled to JS (see its tsconfig.json). A mode
 * is a trace mode of apisim's own origin (`off`, `hash`, `full`), or an adapter with its trivial app.
 */
const [runs, mode = 'off'] = process.argv.slice(2);
const workload = notesWorkload(benchmarkWorkloadShape);
const adapter = adapters[mode];
for (let i = 0; i < Number(runs); i++) {
  if (adapter === undefined) await runHarnessRoundTrips(workload, mode as TraceMode);
  else await runGuestRoundTrips(workload, adapter());
}
