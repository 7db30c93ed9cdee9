import type { LoadRow } from './rows.js';

/**
 * The server's RSS at the end of each round, and the ratio of each workload to its ceiling, as lines to
 * print: the two things the load report's goals are about (≥ 0.3× on GET; RSS flat over the rounds).
 */
export function rssByRound(rows: readonly LoadRow[]): string {
  const apisim = rows.filter((r) => r.target === 'apisim');
  const rounds = [...new Set(apisim.map((r) => r.round))];
  const rss = rounds.map((round) => apisim.filter((r) => r.round === round).at(-1)?.rss_after_mb ?? null);
  const lines = [`server RSS after each round (MB): ${rss.map((mb) => (mb === null ? '?' : mb.toFixed(1))).join(', ')}`];
  for (const name of [...new Set(apisim.map((r) => r.workload))]) {
    const ratios = apisim.filter((r) => r.workload === name).map((r) => (r.ratio_to_ceiling === null ? '?' : `${r.ratio_to_ceiling.toFixed(2)}×`));
    lines.push(`${name.padEnd(20)} ratio to the ceiling per round: ${ratios.join(', ')}`);
  }
  return lines.join('\n');
}
