import type { Lane, SequenceDiagram } from './report-model.js';

/**
 * Several runs' diagrams as one (each exchange of a conformance check brings its own): the clients in the
 * order they appear, then the rest (lines, cache, app) in the order the parts give them; exchanges (but a node's
 * own events, 0) numbered afresh from 1 in the order they come, so that the numbers read as the check's own steps.
 */
export function joinSequences(parts: readonly SequenceDiagram[]): SequenceDiagram {
  const lanes = new Map<string, Lane>();
  for (const lane of parts.flatMap((p) => p.lanes)) if (!lanes.has(lane.id)) lanes.set(lane.id, lane);
  const ordered = [...lanes.values()];
  const numbers = new Map<string, number>();
  const rows = parts.flatMap((part, i) => part.rows.map((row) => {
    if (row.exchange === 0) return row;
    const key = `${i}\u0000${row.exchange}`;
    if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
    return { ...row, exchange: numbers.get(key)! };
  }));
  return {
    lanes: [...ordered.filter((l) => l.kind === 'client'), ...ordered.filter((l) => l.kind !== 'client')],
    rows,
    rowsLeftOut: parts.reduce((n, p) => n + p.rowsLeftOut, 0),
  };
}
