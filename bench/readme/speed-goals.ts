import { findHarnessRow, type HarnessRow } from './input.js';
import { numberText, ratioText } from './number-text.js';

/**
 * The speed goals (graph pipeline, trace hash, linearizability check), each judged on this run's rows, or said
 * to be unmeasured.
 */
interface SpeedGoal {
  readonly what: string;
  /** The measured figure in words and whether it meets the goal; undefined when a row is missing. */
  judge(rows: readonly HarnessRow[]): { readonly text: string; readonly holds: boolean } | undefined;
}

const ratioGoal = (what: string, benchmark: string, variant: string, over: string | undefined, minRatio: number): SpeedGoal => ({
  what,
  judge(rows) {
    const measured = findHarnessRow(rows, benchmark, variant);
    const base = over === undefined ? undefined : findHarnessRow(rows, benchmark, over);
    if (measured === undefined || (over !== undefined && base === undefined)) return undefined;
    const ratio = base === undefined ? measured.ratio_to_reference : measured.ops_per_second / base.ops_per_second;
    return { text: `${ratioText(ratio)} (goal ≥ ${ratioText(minRatio)})`, holds: ratio >= minRatio };
  },
});

const linearizabilityBenchmark = 'linearizability check: 10,000 operations';

export const speedGoals: readonly SpeedGoal[] = [
  ratioGoal('graph warm path vs plain `graphql()`', 'graph pipeline', 'pipeline warm document cache', undefined, 5),
  // The outside anchor: the same compiled query with nothing around it, what a user would compare with.
  ratioGoal('graph warm path vs graphql-jit bare', 'graph pipeline', 'pipeline warm document cache', 'graphql-jit bare', 0.8),
  ratioGoal('graph cold path vs plain `graphql()`', 'graph pipeline', 'pipeline cold document cache', undefined, 0.8),
  ratioGoal('trace hash vs the reference loop', 'round trips', 'harness trace hash', undefined, 0.6),
  ratioGoal('trace hash vs trace off', 'round trips', 'harness trace hash', 'harness trace off', 0.8),
  checkTimeGoal('10 clients per note', 1_000),
  // Jepsen's scale: under 1 s per note of 1,000 operations, the ten of them together.
  checkTimeGoal('20 clients per note', 10_000),
  // A long note no costlier per operation than short ones; 0.9, not 1, for the noise between two rows.
  ratioGoal('linearizability, one note of 10,000 vs ten of 1,000, 20 clients', linearizabilityBenchmark, '20 clients, one note of 10,000', '20 clients per note', 0.9),
];

function checkTimeGoal(variant: string, maxMs: number): SpeedGoal {
  return {
    what: `linearizability, 10,000 operations, ${variant}`,
    judge(rows) {
      const measured = findHarnessRow(rows, linearizabilityBenchmark, variant);
      if (measured === undefined) return undefined;
      return { text: `${numberText(measured.mean_ms_per_iteration, 1)} ms a check (goal < ${numberText(maxMs, 0)} ms)`, holds: measured.mean_ms_per_iteration < maxMs };
    },
  };
}

/** One line per goal: PASS, MISS, or NOT MEASURED when this run has no row for it. */
export function speedGoalLines(rows: readonly HarnessRow[]): string[] {
  return speedGoals.map((goal) => {
    const verdict = goal.judge(rows);
    if (verdict === undefined) return `- **NOT MEASURED**: ${goal.what} (no row in this run)`;
    return `- **${verdict.holds ? 'PASS' : 'MISS'}**: ${goal.what}: ${verdict.text}`;
  });
}
