import type { ScenarioSummaryRow } from './input.js';

/**
 * Which rows of the scenario matrix the headline tables and the graph-vs-REST chart show. The names are the
 * matrix's (`bench/matrix/`); a variant listed here but missing from a run is reported, not invented.
 */
export interface Headline {
  readonly scenario: string;
  /** What each variant does, in the order the table shows them. */
  readonly variants: Readonly<Record<string, string>>;
  /** Whether the scenario's other variants follow the named ones, in run order. */
  readonly others: boolean;
  /** Variants the table needs: a run without one says so under the table. */
  readonly required: readonly string[];
}

export const graphVsRest: Headline = {
  scenario: 'graph-vs-rest',
  variants: {
    'rest-waterfall': 'REST, one request after another, each sent when the previous answer is in',
    'rest-parallel': 'REST, each wave of requests sent at once, the next wave when the last answer is in',
    'graph-post': 'one `POST /graphql` with the nested query',
    'graph-persisted-cold': 'the persisted `GET /graphql` by hash, with the shared cache empty',
    'graph-persisted-warm': 'the same GET again, answered by the shared cache',
  },
  others: true,
  required: ['rest-waterfall', 'rest-parallel', 'graph-post', 'graph-persisted-cold', 'graph-persisted-warm'],
};

export const notesPostUnstable: Headline = {
  scenario: 'notes',
  variants: {
    'post-naive-unstable': 'naive client: the lost response makes it re-send, and the re-send creates a second note',
    'post-safe-unstable': 'safe client: a keyless POST is not re-sent; one note, and the client reports the outcome as unknown',
    'post-keyed-unstable': 'keyed client: the re-send carries the same Idempotency-Key; the origin replays its first 201',
  },
  // The notes matrix also holds PUT, DELETE and the stable line; this headline is POST on the unstable one.
  others: false,
  required: ['post-naive-unstable', 'post-safe-unstable', 'post-keyed-unstable'],
};

export const ordersOwnerCheck: Headline = {
  scenario: 'orders',
  variants: {
    'owner-check-session': 'the origin checks the owner: bob gets 403 for alice\'s order (session cookies)',
    'owner-check-token': 'the same with bearer tokens',
    'login-only-session': 'login-only: being logged in is all that is checked; bob reads and changes alice\'s order (session cookies)',
    'login-only-token': 'the same with bearer tokens',
  },
  others: true,
  required: ['owner-check-session', 'login-only-session'],
};

export interface HeadlineRows {
  /** The named variants in the headline's order, then (if the headline says so) the others in run order. */
  readonly rows: readonly ScenarioSummaryRow[];
  /** Required variants the run did not have (a `--quick` run skips some). */
  readonly missing: readonly string[];
}

export function headlineRows(headline: Headline, summaries: readonly ScenarioSummaryRow[]): HeadlineRows {
  const ofScenario = summaries.filter((row) => row.scenario === headline.scenario);
  const named = Object.keys(headline.variants);
  const rows = [
    ...named.flatMap((variant) => ofScenario.filter((row) => row.variant === variant)),
    ...(headline.others ? ofScenario.filter((row) => !named.includes(row.variant)) : []),
  ];
  return { rows, missing: headline.required.filter((variant) => !rows.some((row) => row.variant === variant)) };
}
