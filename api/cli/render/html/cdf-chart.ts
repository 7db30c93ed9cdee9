import { escapeHtml } from './html-text.js';
import type { CdfChart } from './report-model.js';

const widthPx = 600;
const heightPx = 250;
const margin = { left: 58, right: 18, top: 14, bottom: 42 };
/** Colour-blind safe enough, and distinct on white. */
const palette = ['#0969da', '#1a7f37', '#bc4c00', '#8250df', '#cf222e', '#1b7c83', '#9a6700', '#6e7781'];

/** Round steps (1, 2 or 5 times a power of ten) from 0 past `maxMs`, about five of them. */
export function ticks(maxMs: number): number[] {
  if (!(maxMs > 0)) return [0];
  const rough = maxMs / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough)!;
  return Array.from({ length: Math.ceil(maxMs / step) + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6);
}

/**
 * A latency CDF as inline SVG: a step curve per series (each latency is reached at once, so the curve rises
 * straight up there), x in virtual milliseconds from 0, y on the maker's axis (`yLabels`), and a legend that says
 * how many exchanges each curve holds and how many got no answer (those are not on the curve).
 */
export function cdfChart(chart: CdfChart): string {
  const maxMs = Math.max(0, ...chart.series.flatMap((s) => s.points.map((p) => p.ms)));
  const xTicks = ticks(maxMs);
  const xTop = xTicks.at(-1)!;
  const plotW = widthPx - margin.left - margin.right;
  const plotH = heightPx - margin.top - margin.bottom;
  const x = (ms: number) => round(margin.left + (xTop === 0 ? 0 : (ms / xTop) * plotW));
  const top = Math.max(1, chart.yLabels.length - 1);
  const y = (at: number) => round(margin.top + plotH - (Math.min(Math.max(at, 0), top) / top) * plotH);
  const grid = chart.yLabels.map((label, n) =>
    `<line class="grid" x1="${margin.left}" x2="${widthPx - margin.right}" y1="${y(n)}" y2="${y(n)}"/><text class="tick" x="${margin.left - 6}" y="${y(n) + 4}" text-anchor="end">${escapeHtml(label)}</text>`).join('');
  const xAxis = xTicks.map((ms) => `<line class="tick-mark" x1="${x(ms)}" x2="${x(ms)}" y1="${margin.top + plotH}" y2="${margin.top + plotH + 4}"/><text class="tick" x="${x(ms)}" y="${margin.top + plotH + 16}" text-anchor="middle">${ms}</text>`).join('');
  const curves = chart.series.map((s, i) => {
    const [first, ...rest] = s.points;
    if (first === undefined) return '';
    const d = [`M${x(first.ms)},${y(0)}`, `V${y(first.y)}`, ...rest.map((p) => `H${x(p.ms)}V${y(p.y)}`)].join('');
    return `<path class="curve" stroke="${palette[i % palette.length]}" d="${d}"><title>${escapeHtml(s.label)}</title></path>`;
  }).join('');
  const axisTitle = `<text class="axis-title" x="${margin.left + plotW / 2}" y="${heightPx - 6}" text-anchor="middle">latency, first send to whole response, re-sends included (virtual ms)</text>`;
  const svg = `<svg class="cdf" width="${widthPx}" height="${heightPx}" viewBox="0 0 ${widthPx} ${heightPx}" role="img" aria-label="${escapeHtml(chart.title)}">${grid}${xAxis}${curves}${axisTitle}</svg>`;
  const legend = chart.series.map((s, i) =>
    `<li><span class="swatch" style="background:${palette[i % palette.length]}"></span>${escapeHtml(s.label)} <span class="meta">${s.answered.toLocaleString('en-US')} answered${s.noAnswer === 0 ? '' : `, ${s.noAnswer.toLocaleString('en-US')} no answer`}</span></li>`).join('');
  return `<figure class="chart"><figcaption><b>${escapeHtml(chart.title)}</b><span class="meta">${escapeHtml(chart.subtitle)}</span></figcaption>${svg}<ul class="legend">${legend}</ul></figure>`;
}

/** Two decimals: enough for a pixel, and the same text on every machine. */
function round(px: number): number {
  return Math.round(px * 100) / 100;
}
