import { parsedBody } from './graph-outcome.js';
import { replayCommand } from './graph-replay.js';
import { cacheNotes, featuredExchange, type GraphRun } from './graph-run.js';

/**
 * The `--json` document. The top-level fields describe the response the text report shows (the only
 * exchange, or the persisted flow's last GET); `exchanges` has every request, URLs whole.
 */
export function graphJson(run: GraphRun) {
  const { options, plan, result } = run;
  const events = result.trace.events;
  const featured = featuredExchange(run);
  const last = result.summary.at(-1);
  return {
    as: options.credential,
    sent: options.persisted ? 'persisted' : 'post',
    seed: result.seed,
    status: last?.status ?? null,
    response: parsedBody(featured?.response) ?? null,
    requestBytes: last?.requestBytes ?? 0,
    responseBytes: last?.responseBytes ?? 0,
    latencyMs: last?.latencyMs ?? null,
    attempts: last?.attempts ?? 0,
    cache: cacheNotes(events, featured) ?? null,
    exchanges: result.summary.map((s, i) => ({
      step: i + 1,
      label: plan.stepLabels[i],
      method: s.method,
      path: s.path,
      status: s.status,
      requestBytes: s.requestBytes,
      responseBytes: s.responseBytes,
      latencyMs: s.latencyMs,
      attempts: s.attempts,
      cache: cacheNotes(events, result.exchanges[i]) ?? null,
      response: parsedBody(result.exchanges[i]?.response) ?? null,
    })),
    endMs: result.endUs / 1000,
    traceHash: result.traceHash,
    replay: replayCommand(options),
  };
}
