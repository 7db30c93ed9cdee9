import { roundTripTarget } from '../harness/sim-core.js';
import { sweepSpeedTarget } from '../harness/sweep-speed.js';
import { findHarnessRow, type HarnessRow } from './input.js';
import { markdownTable } from './markdown-table.js';
import { numberText, ratioText } from './number-text.js';
import { simulatorCostLine } from './simulator-cost.js';
import { speedGoalLines } from './speed-goals.js';

const unitText: Readonly<Record<string, string>> = {
  events_per_second: 'events/s',
  round_trips_per_second: 'round trips/s',
  property_runs_per_second: 'property runs/s',
  queries_per_second: 'queries/s',
  simulated_seconds_per_wall_second: 'simulated s/s',
  seeds_per_second: 'seeds/s',
  operations_checked_per_second: 'operations checked/s',
};

/**
 * The round-trip target (recording off vs the reference loop) in one line that is hard to miss, or why it could
 * not be judged.
 */
export function targetLine(rows: readonly HarnessRow[]): string {
  const target = roundTripTarget.minRatioToReference;
  const row = findHarnessRow(rows, 'round trips', roundTripTarget.variant);
  if (row === undefined) return `**NOT MEASURED**: this run has no \`round trips\` / \`${roundTripTarget.variant}\` row, so the target (≥ ${ratioText(target)}) was not judged.`;
  const holds = row.ratio_to_reference >= target;
  return (
    `**${holds ? 'PASS' : 'MISS'}**: with recording off the harness runs ${ratioText(row.ratio_to_reference)} the reference loop's ` +
    `round trips per second (target ≥ ${ratioText(target)}, a third).`
  );
}

/** The sweep's speed goal, when this run measured 2 workers (a machine with 2 cores). */
export function sweepTargetLine(rows: readonly HarnessRow[]): string | undefined {
  const row = findHarnessRow(rows, 'sweep', sweepSpeedTarget.variant);
  if (row === undefined) return undefined;
  const holds = row.ratio_to_reference >= sweepSpeedTarget.minRatioToReference;
  return (
    `**${holds ? 'PASS' : 'MISS'}**: 2 worker threads sweep ${ratioText(row.ratio_to_reference)} the seeds per second of one, ` +
    `the threads' start included (goal ≥ ${ratioText(sweepSpeedTarget.minRatioToReference)} on 2 cores; anything else running on the machine takes from it).`
  );
}

export function harnessSection(rows: readonly HarnessRow[]): string {
  if (rows.length === 0) return '_No harness rows in this run._';
  const table = markdownTable(
    ['benchmark', 'variant', 'per second', 'vs reference', 'reference', '± %', 'samples'],
    rows.map((r) => [
      r.benchmark,
      `\`${r.variant}\``,
      `${numberText(r.ops_per_second)} ${unitText[r.unit] ?? r.unit}`,
      ratioText(r.ratio_to_reference),
      `\`${r.reference_variant}\``,
      numberText(r.rme_percent, 2),
      numberText(r.samples),
    ]),
    ['left', 'left', 'right', 'right', 'left', 'right', 'right'],
  );
  const sweepLine = sweepTargetLine(rows);
  const costLine = simulatorCostLine(rows);
  return [
    targetLine(rows), ...(sweepLine === undefined ? [] : ['', sweepLine]), '', 'The speed goals:', '', ...speedGoalLines(rows),
    ...(costLine === undefined ? [] : ['', costLine]), '', table,
  ].join('\n');
}
