import { logger, parse, resetSVGDefIds, View, Warn } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** One look for every chart: white background (the SVG is read on GitHub's light and dark pages alike). */
export const chartConfig = {
  background: 'white',
  font: 'Helvetica, Arial, sans-serif',
  padding: 8,
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 11, grid: true, gridColor: '#e6e6e6' },
  header: { labelFontSize: 12, labelFontWeight: 'bold', labelOrient: 'top', labelAnchor: 'start', labelAngle: 0, title: null },
  legend: { orient: 'bottom', labelFontSize: 11, titleFontSize: 11 },
  title: { fontSize: 14, anchor: 'start', subtitleFontSize: 11, subtitleColor: '#555' },
} as const;

/**
 * Vega-Lite warns whenever panels with their own axes hold a layer (bars and their value labels): each layer
 * reads its own fork of the same rows, which is exactly the case it then assumes. Every other warning shows.
 */
const knownHarmless = 'Detected faceted independent scales that union domain of the same fields from different source.';
const compileLogger = logger(Warn, undefined, (method, level, args) => {
  if (typeof args[0] === 'string' && args[0].startsWith(knownHarmless)) return;
  console[method](level, ...args);
});

let queue: Promise<unknown> = Promise.resolve();

/**
 * Vega-Lite → Vega → SVG text, headless: no browser, no canvas (text widths are estimated, the same on every
 * machine). Vega numbers clip paths and gradients with counters global to the module; resetting them before
 * each render, and rendering one chart at a time, makes the same spec the same bytes whatever was drawn
 * before it.
 */
export function renderSvg(spec: TopLevelSpec): Promise<string> {
  const rendered = queue.then(async () => {
    const view = new View(parse(compile(spec, { logger: compileLogger }).spec), { renderer: 'none' });
    try {
      await view.runAsync();
      resetSVGDefIds();
      return `${await view.toSVG()}\n`;
    } finally {
      view.finalize();
    }
  });
  queue = rendered.catch(() => undefined);
  return rendered;
}
