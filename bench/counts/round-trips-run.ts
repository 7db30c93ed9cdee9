import { runHarnessRoundTrips } from '../harness/harness-round-trips.js';
import { benchmarkWorkloadShape, notesWorkload } from '../harness/workload.js';
import type { TraceMode } from '../../sim/trace.js';

/**
 * `node round-trips-run.js <runs> <trace mode>`: the harness benchmark's workload (1,000 round trips), `runs`
 * times, as `npm run bench:counts` runs it under cachegrind, compiled to JS (see its tsconfig.json).
 */
const [runs, mode] = process.argv.slice(2);
const workload = notesWorkload(benchmarkWorkloadShape);
for (let i = 0; i < Number(runs); i++) await runHarnessRoundTrips(workload, mode as TraceMode);
