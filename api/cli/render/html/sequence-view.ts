import { escapeHtml } from './html-text.js';
import type { Lane, MessageContent, SequenceDiagram, SequenceMessage, SequenceNote, SequenceRow } from './report-model.js';

/** Width of a lane by kind: a line is a narrow band between the nodes it joins. */
const laneWidthPx: Readonly<Record<Lane['kind'], number>> = { client: 100, line: 52, cache: 100, app: 130 };
const rowHeightPx = 28;
const arrowYPx = 19;
/** About the width of a character of the arrow's label (11 px sans-serif), to cut it to the arrow's length. */
const labelCharPx = 6.3;

interface Geometry {
  readonly widthPx: number;
  /** Each lane's centre. */
  readonly x: ReadonlyMap<string, number>;
  readonly lanes: readonly (Lane & { readonly leftPx: number; readonly widthPx: number })[];
}

function geometry(lanes: readonly Lane[]): Geometry {
  let leftPx = 0;
  const placed = lanes.map((lane) => {
    const widthPx = laneWidthPx[lane.kind];
    const at = { ...lane, leftPx, widthPx };
    leftPx += widthPx;
    return at;
  });
  return { widthPx: leftPx, x: new Map(placed.map((l) => [l.id, l.leftPx + l.widthPx / 2])), lanes: placed };
}

/**
 * The diagram as HTML: a row per message or note, top to bottom in the order they happened, each with its
 * time and exchange, an arrow (inline SVG) across the lanes, and its words, which open to the headers and
 * body where they are known. Rows are HTML, not one SVG, so that a row can open without covering the next;
 * the lanes run down every row as its background.
 */
export function sequenceView(diagram: SequenceDiagram): string {
  const g = geometry(diagram.lanes);
  const style = `--lanes-bg:${lanesBackground(g)};--lanes-w:${g.widthPx}px`;
  const rows = diagram.rows.map((row) => rowHtml(row, g)).join('\n');
  const more = diagram.rowsLeftOut === 0 ? '' : `\n<p class="more">… and ${diagram.rowsLeftOut} more events, not drawn: the replay command shows the whole run.</p>`;
  return `<div class="seq" style="${style}">
<div class="seq-head"><div class="t">ms</div><div class="x">step</div><div class="lanes-head">${laneHeads(g)}</div><div class="m">message</div></div>
${rows}
</div>${more}`;
}

/** A line down the centre of each node's lane, a pale band across each line's. */
function lanesBackground(g: Geometry): string {
  const stops = g.lanes.flatMap((l) => {
    if (l.kind === 'line') return [`#eef2f7 ${l.leftPx}px ${l.leftPx + l.widthPx}px`];
    const centre = l.leftPx + l.widthPx / 2;
    return [`transparent ${l.leftPx}px ${centre - 0.5}px`, `#b6c2cf ${centre - 0.5}px ${centre + 0.5}px`, `transparent ${centre + 0.5}px ${l.leftPx + l.widthPx}px`];
  });
  return `linear-gradient(to right,${stops.join(',')})`;
}

function laneHeads(g: Geometry): string {
  const heads = g.lanes.map((l) => {
    const centre = l.leftPx + l.widthPx / 2;
    if (l.kind === 'line') return `<text class="line-label" x="${centre}" y="26" text-anchor="middle">${escapeHtml(cut(l.label, l.widthPx))}</text>`;
    const boxW = l.widthPx - 14;
    return `<rect class="node ${l.kind}" x="${centre - boxW / 2}" y="8" width="${boxW}" height="26" rx="5"/><text class="node-label" x="${centre}" y="25" text-anchor="middle">${escapeHtml(cut(l.label, boxW))}</text>`;
  });
  return `<svg width="${g.widthPx}" height="42" viewBox="0 0 ${g.widthPx} 42" role="img" aria-label="lanes">${heads.join('')}</svg>`;
}

function rowHtml(row: SequenceRow, g: Geometry): string {
  // A node's own event (a crash, a restart) belongs to no exchange.
  const exchange = row.exchange === 0 ? '' : `${row.exchange}.${row.attempt}`;
  const drawing = row.kind === 'message' ? arrow(row, g) : marker(row, g);
  const words = row.kind === 'message' ? messageWords(row) : noteWords(row);
  const classes = ['row', row.kind, ...(row.focus ? ['focus'] : []), ...(row.kind === 'message' && row.lost ? ['lost'] : []), ...(row.kind === 'note' && row.bad ? ['bad'] : [])];
  return `<div class="${classes.join(' ')}"><div class="t">${escapeHtml(row.at)}</div><div class="x">${exchange}</div><div class="lanes"><svg width="${g.widthPx}" height="${rowHeightPx}" viewBox="0 0 ${g.widthPx} ${rowHeightPx}">${drawing}</svg></div><div class="m">${words}</div></div>`;
}

/** The colour of a message: a request, or a response by its status class. */
function tone(status: number): string {
  if (status === 0) return 'req';
  if (status < 300) return 'ok';
  if (status < 400) return 'redirect';
  return status < 500 ? 'client-error' : 'server-error';
}

function arrow(m: SequenceMessage, g: Geometry): string {
  const x1 = g.x.get(m.from);
  const x2 = g.x.get(m.to);
  if (x1 === undefined || x2 === undefined) return '';
  const towards = Math.sign(x2 - x1) || 1;
  // A lost message ends on the line between the two, where it was lost.
  const line = m.lost ? g.lanes.find((l) => l.kind === 'line' && (l.leftPx + l.widthPx / 2 - x1) * towards > 0 && (x2 - l.leftPx - l.widthPx / 2) * towards > 0) : undefined;
  const end = m.lost ? (line === undefined ? (x1 + x2) / 2 : line.leftPx + line.widthPx / 2) : x2 - towards * 2;
  const y = arrowYPx;
  const head = m.lost
    ? `<path class="cross" d="M${end - 5},${y - 5}L${end + 5},${y + 5}M${end - 5},${y + 5}L${end + 5},${y - 5}"/>`
    : `<path class="head" d="M${end},${y}l${-towards * 8},-4.5v9z"/>`;
  const text = m.status === 0 ? m.label : String(m.status);
  const label = `<text x="${(x1 + end) / 2}" y="${y - 6}" text-anchor="middle">${escapeHtml(cut(text, Math.abs(end - x1) - 10))}</text>`;
  return `<g class="arrow ${m.lost ? 'lost' : tone(m.status)}"><line x1="${x1}" y1="${y}" x2="${end - towards * (m.lost ? 0 : 6)}" y2="${y}"/>${head}${label}</g>`;
}

function marker(n: SequenceNote, g: Geometry): string {
  const x = g.x.get(n.lane);
  if (x === undefined) return '';
  return `<g class="mark${n.bad ? ' bad' : ''}"><rect x="${x - 5}" y="${arrowYPx - 5}" width="10" height="10" rx="2" transform="rotate(45 ${x} ${arrowYPx})"/></g>`;
}

function messageWords(m: SequenceMessage): string {
  const head = `<span class="lbl">${escapeHtml(m.label)}</span> <span class="meta">${escapeHtml(m.detail)}</span>`;
  return m.content === undefined ? `<div class="line">${head}</div>` : `<details><summary>${head}</summary>${contentHtml(m.content)}</details>`;
}

function noteWords(n: SequenceNote): string {
  return `<div class="line"><span class="word">${escapeHtml(n.label)}</span> <span class="meta">${escapeHtml(n.text)}</span></div>`;
}

function contentHtml(c: MessageContent): string {
  const headers = c.headers.length === 0
    ? '<p class="none">no headers</p>'
    : `<table class="headers">${c.headers.map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`;
  const body = c.body === undefined ? '<p class="none">no body</p>' : `<pre class="body">${escapeHtml(c.body)}</pre>`;
  return `<div class="content"><p class="view">${escapeHtml(c.view)}</p>${headers}${body}</div>`;
}

/** The text, cut with an ellipsis to about `widthPx`. */
function cut(text: string, widthPx: number): string {
  const chars = Math.max(1, Math.floor(widthPx / labelCharPx));
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}
