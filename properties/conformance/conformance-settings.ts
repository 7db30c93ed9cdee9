/**
 * What the checks need to know about a deployment that the spec leaves open ("not shown"), each with apisim's
 * choice as the default and a command-line option to change it (see `conformance-options.ts`).
 */
export interface ConformanceSettings {
  /** Orders to probe for owner isolation: the spec's demonstration range 121–126 by default. */
  readonly orderIds: readonly number[];
  /** The member a note's content travels under in a body (spec: "not shown"; apisim: `content`). */
  readonly noteField: string;
  /**
   * How an `Idempotency-Key` is written: `sf-string` as the IETF draft says (`"…"`, an RFC 8941 string), or
   * `bare` as Stripe's clients send it. apisim accepts both.
   */
  readonly idempotencyKeyStyle: 'sf-string' | 'bare';
  /** The `id` for `user(id:)` in graph queries; when unset, the user's own id, else "1" as in the spec's sample. */
  readonly graphUserId: string | undefined;
  /**
   * The graph depth limit (spec: "not shown"; apisim: 7). When unset it is read from the refusal's
   * `extensions.maxDepth` if the target reports one.
   */
  readonly graphMaxDepth: number | undefined;
  /** `apq`: Apollo's automatic persisted queries for the GET form (apisim's choice); `off` skips that check. */
  readonly persistedQueries: 'apq' | 'off';
  /** Marks what this run creates (note contents, post titles), so that runs never mistake each other's data. */
  readonly runId: string;
}

/**
 * Settings for a run whose shape is built already (a description's, or the spec's with the options laid
 * over it): the checks read what the spec leaves open from the shape, and only the run id from here.
 */
export const runSettings = (runId: string): ConformanceSettings => ({
  orderIds: [], noteField: '', idempotencyKeyStyle: 'bare', graphUserId: undefined, graphMaxDepth: undefined, persistedQueries: 'off', runId,
});
