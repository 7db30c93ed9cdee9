import type { GuestRunResult } from '../../../sim/scenario/result.js';
import type { RunResult } from '../../../sim/scenario/run.js';
import { exchangeMessages } from './exchange-messages.js';
import type { jsonSummary } from './json-summary.js';

type JsonSummary = ReturnType<typeof jsonSummary>;

/**
 * `--json --bodies`: every row of `exchanges` also says what was said, `request: { headers, body }` and
 * `response: { headers, body }` (null without a response), bodies whole, as JSON text or null. Only on
 * request, so that the default document stays a summary a person can read through.
 */
export function withBodies(summary: JsonSummary, result: RunResult | GuestRunResult): JsonSummary {
  const byStep = new Map(exchangeMessages(result).map((m) => [m.step, m]));
  return {
    ...summary,
    exchanges: summary.exchanges.map((row) => {
      const said = byStep.get(row.step - 1); // the document counts steps from 1, the run from 0
      return {
        ...row,
        request: said === undefined ? null : { headers: said.request.headers, body: said.request.body },
        response: said?.response == null ? null : { headers: said.response.headers, body: said.response.body },
      };
    }),
  };
}
