import type { ChartLink, ScenarioDiagram } from './input.js';

/** GitHub renders these fences as diagrams; `npm run sim` prints the same run as a timeline. */
export function diagramSection(diagrams: readonly ScenarioDiagram[]): string {
  if (diagrams.length === 0) return '_No diagrams in this run._';
  return diagrams
    .map((d) => [`### ${d.title}`, '', `\`npm run sim -- ${d.scenario} --seed 1\` prints this run as a timeline.`, '', '```mermaid', d.mermaid.trimEnd(), '```'].join('\n'))
    .join('\n\n');
}

export function chartSection(charts: readonly ChartLink[]): string {
  if (charts.length === 0) return '_No charts in this run._';
  return charts.map((c) => `![${c.title}](${c.file})`).join('\n\n');
}
