import type { SocketMessage } from '../../../sim/nodes/graph-socket-client.js';
import { type GuestRunResult, isGuestRun } from '../../../sim/scenario/result.js';
import type { RunResult } from '../../../sim/scenario/run.js';

/**
 * The `--json` document: stable field names, times in ms, no trace events (the hash names them). A guest's
 * run has as `finalState` what its `state()` said (none without one), and `notVirtual`, where apisim's own
 * has its state, alerts and audit.
 */
export function jsonSummary(result: RunResult | GuestRunResult) {
  return {
    scenario: result.scenario,
    seed: result.seed,
    traceHash: result.traceHash,
    events: result.eventsRun,
    endMs: result.endUs / 1000,
    originRequests: result.originRequests,
    originFrames: result.originFrames,
    cache: result.cache,
    // Steps are numbered from 1, as the timeline, the summary table and the reports number them.
    exchanges: result.summary.map((row) => ({ ...row, step: row.step + 1 })),
    ...(isGuestRun(result) ? guestJson(result) : { finalState: result.finalState, alerts: result.alerts, audit: result.audit }),
    subscriptions: result.subscriptions.map((s) => ({
      client: s.client,
      query: s.payload.query,
      variables: s.payload.variables,
      operationName: s.payload.operationName,
      connection: s.connection ?? null,
      handshakeStatus: s.handshakeStatus ?? null,
      id: s.id ?? null,
      subscribedMs: s.subscribedUs === undefined ? null : s.subscribedUs / 1000,
      outcome: s.outcome,
      close: s.close ?? null,
      sent: s.sent.map(messageJson),
      received: s.received.map(messageJson),
    })),
  };
}

/** What a guest's app said its state was, as `finalState` (absent when it has no `state`), and what was not virtual. */
function guestJson(result: GuestRunResult) {
  return { ...(result.guestState === undefined ? {} : { finalState: result.guestState }), notVirtual: result.notVirtual };
}

/** One socket message: when (ms, at the client), what, how many bytes, and its payload. */
function messageJson(m: SocketMessage) {
  return { atMs: m.atUs / 1000, type: m.type, id: m.id ?? null, bytes: m.bytes, payload: m.payload ?? null };
}
