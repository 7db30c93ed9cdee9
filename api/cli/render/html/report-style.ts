/**
 * The page's one stylesheet, inline. System fonts only: a font file would be one more thing to fetch. Tones
 * follow the usual test-report colours (green pass, red failure, amber warning, grey skipped, purple error).
 */
export const pageStyle = `
:root { --fg: #1f2328; --muted: #656d76; --border: #d0d7de; --bg: #f6f8fa; --card: #fff;
  --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --skip: #6e7781; --error: #8250df;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif; color: var(--fg); background: var(--bg); }
header.top { background: var(--card); border-bottom: 1px solid var(--border); padding: 14px 24px 12px; }
.title { display: flex; align-items: baseline; gap: 10px; }
.brand { font-weight: 700; color: #fff; background: #24292f; border-radius: 5px; padding: 1px 7px; font-size: 13px; }
h1 { font-size: 20px; margin: 0; }
.subtitle { margin: 4px 0 8px; color: var(--muted); }
.made-by { margin: 8px 0 0; color: var(--muted); font-size: 12px; }
code { font-family: var(--mono); font-size: 12px; background: var(--bg); border: 1px solid var(--border); border-radius: 4px; padding: 1px 5px; overflow-wrap: anywhere; }
.layout { display: grid; grid-template-columns: 330px minmax(0, 1fr); gap: 16px; padding: 16px 24px 40px; align-items: start; max-width: 1800px; }
nav.side { position: sticky; top: 12px; max-height: calc(100vh - 24px); overflow: auto; padding: 10px 12px; margin: 0; }
@media (max-width: 1000px) { .layout { grid-template-columns: minmax(0, 1fr); } nav.side { position: static; max-height: none; } }
main { min-width: 0; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 12px 16px; margin: 0 0 16px; }
h2 { font-size: 15px; margin: 0 0 8px; }
h2.failures-head { margin: 4px 0 10px; }
h3 { font-size: 15px; margin: 0; font-family: var(--mono); }
h4 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 12px 0 5px; }
.meta { color: var(--muted); font-weight: normal; }
.more { color: var(--muted); }
.pill { display: inline-block; border-radius: 12px; padding: 0 9px; font-size: 12px; font-weight: 600; line-height: 20px; color: #fff; white-space: nowrap; }
.pill.pass { background: var(--pass); } .pill.fail { background: var(--fail); } .pill.warn { background: var(--warn); }
.pill.skip { background: var(--skip); } .pill.error { background: var(--error); }
.counts .pill { font-size: 13px; line-height: 24px; padding: 0 11px; }
table.verdicts { border-collapse: collapse; width: 100%; }
.matrix-scroll { overflow-x: auto; }
table.matrix { border-collapse: collapse; font-size: 12px; }
table.matrix th { font-weight: 600; text-align: left; padding: 4px 6px; border-bottom: 1px solid #d0d7de; white-space: nowrap; }
table.matrix td { padding: 3px 6px; border-bottom: 1px solid #eaeef2; text-align: center; color: var(--muted); }
table.matrix td.name { font-family: var(--mono); text-align: left; color: inherit; white-space: nowrap; }
table.verdicts td { border-bottom: 1px solid #eaeef2; padding: 5px 4px; vertical-align: top; }
table.verdicts td:first-child { width: 1%; text-align: right; }
table.verdicts .name { font-family: var(--mono); font-size: 12.5px; overflow-wrap: anywhere; }
table.verdicts .detail { color: var(--muted); font-size: 12px; line-height: 1.35; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
table.verdicts tr.fail td, table.verdicts tr.error td { background: #fff8f8; }
a { color: #0969da; text-decoration: none; } a:hover { text-decoration: underline; }
.failure { border-left: 4px solid var(--fail); }
.failure.warn { border-left-color: var(--warn); } .failure.error { border-left-color: var(--error); }
.failure > header { display: flex; align-items: center; gap: 10px; }
.statement { margin: 6px 0 0; color: var(--muted); }
ul.findings { margin: 0; padding-left: 18px; }
ul.findings li { margin: 0 0 6px; }
.what { margin: 0; font-weight: 600; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 1px 10px; margin: 2px 0 0; font-size: 13px; }
dt { color: var(--muted); } dd { margin: 0; font-family: var(--mono); font-size: 12px; overflow-wrap: anywhere; }
.replay { display: flex; gap: 10px; align-items: baseline; margin: 3px 0; }
.replay .meta { min-width: 150px; font-size: 12px; }
details.sequence { margin-top: 12px; }
details.sequence > summary { font-weight: 600; cursor: pointer; margin-bottom: 4px; }
details.sequence > p.meta { font-size: 12.5px; margin: 0 0 8px; }
.seq { font-size: 12px; border: 1px solid var(--border); border-radius: 6px; overflow-x: auto; }
.seq-head, .seq .row { display: grid; grid-template-columns: 74px 40px var(--lanes-w) minmax(260px, 1fr); }
.seq-head { background: var(--bg); border-bottom: 1px solid var(--border); color: var(--muted); font-weight: 600; position: sticky; top: 0; }
.seq-head > div { padding: 0 6px; display: flex; align-items: center; }
.seq .row > div { padding: 0 6px; }
.seq .row { border-bottom: 1px solid #f0f2f4; }
.seq .row.focus { background: #fff8c5; }
.seq .t, .seq .x { font-family: var(--mono); color: var(--muted); text-align: right; padding-top: 5px !important; justify-content: flex-end; }
.seq .lanes { background: var(--lanes-bg); padding: 0 !important; }
.seq .lanes-head { padding: 0 !important; }
.seq .m { padding-top: 5px !important; padding-bottom: 4px !important; min-width: 0; line-height: 18px; overflow-wrap: anywhere; }
.seq .lanes svg { display: block; }
.seq summary { cursor: pointer; }
.seq .lbl { font-family: var(--mono); font-weight: 600; }
.seq .row.lost .lbl, .seq .row.bad .word { color: var(--fail); }
.seq .word { font-weight: 600; }
.seq .content { border-left: 3px solid var(--border); margin: 4px 0 8px 2px; padding: 2px 0 2px 10px; }
.seq .view { margin: 0 0 4px; color: var(--muted); }
table.headers { border-collapse: collapse; font-family: var(--mono); font-size: 12px; }
table.headers th { text-align: left; font-weight: 600; padding: 0 12px 0 0; vertical-align: top; white-space: nowrap; }
table.headers td { padding: 0; overflow-wrap: anywhere; }
pre.body { font-family: var(--mono); font-size: 12px; background: var(--bg); border: 1px solid var(--border); border-radius: 4px; padding: 6px 8px; margin: 6px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 320px; overflow: auto; }
.none { color: var(--muted); margin: 2px 0; font-style: italic; }
svg text { font: 11px system-ui, sans-serif; fill: var(--fg); }
svg .node { fill: #f6f8fa; stroke: #8c959f; }
svg .node.client { fill: #ddf4ff; stroke: #54aeff; } svg .node.cache { fill: #fff8c5; stroke: #d4a72c; } svg .node.app { fill: #dafbe1; stroke: #4ac26b; }
svg .node-label { font-weight: 600; }
svg .line-label { fill: var(--muted); font-size: 10px; }
.arrow line { stroke-width: 1.6; } .arrow text { font-size: 10.5px; }
.arrow.req line { stroke: #0969da; } .arrow.req .head { fill: #0969da; } .arrow.req text { fill: #0550ae; }
.arrow.ok line { stroke: var(--pass); } .arrow.ok .head { fill: var(--pass); } .arrow.ok text { fill: var(--pass); }
.arrow.redirect line { stroke: #6e7781; } .arrow.redirect .head { fill: #6e7781; }
.arrow.client-error line { stroke: #bc4c00; } .arrow.client-error .head { fill: #bc4c00; } .arrow.client-error text { fill: #bc4c00; }
.arrow.server-error line { stroke: var(--fail); } .arrow.server-error .head { fill: var(--fail); } .arrow.server-error text { fill: var(--fail); }
.arrow.lost line { stroke: var(--fail); stroke-dasharray: 4 3; } .arrow.lost .cross { stroke: var(--fail); stroke-width: 2.2; } .arrow.lost text { fill: var(--fail); }
.mark rect { fill: #fff; stroke: #8c959f; stroke-width: 1.4; } .mark.bad rect { fill: var(--fail); stroke: var(--fail); }
.charts { display: flex; flex-wrap: wrap; gap: 18px; }
figure.chart { margin: 0; }
figure.chart figcaption { display: flex; flex-direction: column; font-size: 13px; margin-bottom: 4px; }
figure.chart figcaption .meta { font-size: 12px; }
svg.cdf .grid { stroke: #eaeef2; } svg.cdf .tick-mark { stroke: #8c959f; }
svg.cdf .tick { fill: var(--muted); font-size: 10.5px; } svg.cdf .axis-title { fill: var(--muted); font-size: 11px; }
svg.cdf .curve { fill: none; stroke-width: 1.8; }
ul.legend { list-style: none; padding: 0; margin: 4px 0 0; font-size: 12px; }
ul.legend li { display: inline-flex; align-items: center; gap: 5px; margin-right: 14px; }
.swatch { display: inline-block; width: 12px; height: 3px; border-radius: 1px; }
`;
