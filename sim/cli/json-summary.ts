import type { RunResult } from '../scenario/run.js';

/** The `--json` document: stable field names, times in ms, no trace events (the hash names them). */
export function jsonSummary(result: RunResult) {
  return {
    scenario: result.scenario,
    seed: result.seed,
    traceHash: result.traceHash,
    events: result.eventsRun,
    endMs: result.endUs / 1000,
    originRequests: result.originRequests,
    cache: result.cache,
    exchanges: result.summary,
    finalState: result.finalState,
    alerts: result.alerts,
    audit: result.audit,
  };
}
