import type { SocketMessage } from '../nodes/graph-socket-client.js';
import { type GuestRunResult, isGuestRun } from '../scenario/result.js';
import type { RunResult } from '../scenario/run.js';

/**
 * The `--json` document: stable field names, times in ms, no trace events (the hash names them). A guest's
 * run has `guestState` (what its `state()` said, or null) where apisim's own has its state, alerts and audit.
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
    exchanges: result.summary,
    ...(isGuestRun(result) ? { guestState: result.guestState ?? null } : { finalState: result.finalState, alerts: result.alerts, audit: result.audit }),
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

/** One socket message: when (ms, at the client), what, how many bytes, and its payload. */
function messageJson(m: SocketMessage) {
  return { atMs: m.atUs / 1000, type: m.type, id: m.id ?? null, bytes: m.bytes, payload: m.payload ?? null };
}
