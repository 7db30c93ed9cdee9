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

export const speedGoals: readonly SpeedGoal[] = [
  ratioGoal('graph warm path vs plain `graphql()`', 'graph pipeline', 'pipeline warm document cache', undefined, 5),
  ratioGoal('graph cold path vs plain `graphql()`', 'graph pipeline', 'pipeline cold document cache', undefined, 0.8),
  ratioGoal('trace hash vs the reference loop', 'round trips', 'harness trace hash', undefined, 0.6),
  ratioGoal('trace hash vs trace off', 'round trips', 'harness trace hash', 'harness trace off', 0.8),
  {
    what: 'linearizability, 10,000 operations, 10 clients per note',
    judge(rows) {
      const measured = findHarnessRow(rows, 'linearizability check: 10,000 operations', '10 clients per note');
      if (measured === undefined) return undefined;
      return { text: `${numberText(measured.mean_ms_per_iteration, 1)} ms a check (goal < 1,000 ms)`, holds: measured.mean_ms_per_iteration < 1_000 };
    },
  },
];

/** One line per goal: PASS, MISS, or NOT MEASURED when this run has no row for it. */
export function speedGoalLines(rows: readonly HarnessRow[]): string[] {
  return speedGoals.map((goal) => {
    const verdict = goal.judge(rows);
    if (verdict === undefined) return `- **NOT MEASURED**: ${goal.what} (no row in this run)`;
    return `- **${verdict.holds ? 'PASS' : 'MISS'}**: ${goal.what}: ${verdict.text}`;
  });
}
