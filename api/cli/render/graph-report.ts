import { formatMs } from '../../../sim/format.js';
import { latencyParts, renderLatency } from './graph-latency.js';
import { answerCell, type GraphAnswer, graphAnswer, type GraphErrorLine, parsedBody, statusMeaning } from './graph-outcome.js';
import { prettyJson } from './graph-json-text.js';
import { replayCommand } from './graph-replay.js';
import { cacheNotes, describeCredential, featuredExchange, type GraphRun } from './graph-run.js';
import { budgetSwitchedOff } from './graph-scenario.js';
import { renderTimeline } from './timeline.js';

/**
 * The text report: who sent what, the status and what it means, any errors up front, the response body,
 * one row per exchange, where the time went, and the command that replays it.
 */
export function renderGraphReport(run: GraphRun): string {
  const { options, plan, result } = run;
  const out: string[] = [];
  out.push(headerLine(run));
  out.push('');
  const featured = featuredExchange(run);
  const answer = graphAnswer(featured?.response);
  if (options.persisted) {
    const fromCache = cacheNotes(result.trace.events, featured)?.startsWith('hit') === true;
    out.push(`Last GET by hash (${fromCache ? 'answered by the shared cache' : 'not from the cache'}):`);
  }
  out.push(statusMeaning(featured?.response?.status ?? null, answer));
  const errors = errorLines(answer);
  if (errors.length > 0) out.push('', ...errors);
  out.push('', renderBody(parsedBody(featured?.response)));
  if (options.timeline) out.push('', renderTimeline(result.trace.events, result.exchanges));
  out.push('', exchangeTable(run));
  const flowNote = persistedFlowNote(run);
  if (flowNote !== undefined) out.push('', flowNote);
  const parts = featured === undefined ? undefined : latencyParts(result.trace.events, featured);
  out.push('');
  if (parts !== undefined) out.push(`Latency${options.persisted ? ` of #${plan.stepLabels.length}` : ''}: ${renderLatency(parts, featured!, result.settings.topology.wan.oneWayDelayUs)}`);
  if (options.persisted) out.push(`The ${plan.stepLabels.length} requests, one after another, took ${formatMs(result.endUs)} ms.`);
  out.push(`Replay: ${replayCommand(options)}`);
  return out.join('\n');
}

function headerLine({ options, result }: GraphRun): string {
  const how = options.persisted
    ? 'Apollo persisted query: GET by hash, POST to register, GET by hash twice'
    : 'one POST /graphql';
  const operation = options.operationName === undefined ? '' : ` · operation ${options.operationName}`;
  const limits = options.limits === undefined ? '' : ` · limits ${JSON.stringify(options.limits)}`;
  const budget = options.budget !== undefined ? ` · budget ${JSON.stringify(options.budget)}` : budgetSwitchedOff(options) ? ' · no cost budget' : '';
  return `apisim graph · ${describeCredential(options.credential)} · ${how}${operation}${limits}${budget} · seed ${result.seed}`;
}

/** Errors go above the body: for a rejection they are the whole answer, for a partial failure the news. */
function errorLines(answer: GraphAnswer): string[] {
  if (answer.kind === 'partial') {
    return ['These fields failed (null in data); the others resolved:', ...answer.errors.map((e) => `  ${e.path ?? '(no path)'}: ${describeError(e)}`)];
  }
  if (answer.kind === 'rejected' || answer.kind === 'errors-only') {
    return [`Error${answer.errors.length === 1 ? '' : 's'}:`, ...answer.errors.map((e) => `  ${describeError(e)}`)];
  }
  return [];
}

function describeError(e: GraphErrorLine): string {
  const code = e.code === undefined ? '' : `${e.code}: `;
  const where = e.location === undefined ? '' : ` (${e.location})`;
  return `${code}${e.message}${where}`;
}

function renderBody(body: unknown): string {
  if (body === undefined) return '(no body)';
  return typeof body === 'string' ? body : prettyJson(body);
}

function exchangeTable({ plan, result }: GraphRun): string {
  const head = ['#', 'request', 'status', 'answer', 'cache', 'req B', 'resp B', 'latency ms'];
  const rows = plan.stepLabels.map((label, i) => {
    const x = result.exchanges[i];
    const s = result.summary[i]!;
    return [
      String(i + 1), label, s.status === null ? '—' : String(s.status), answerCell(graphAnswer(x?.response)),
      cacheNotes(result.trace.events, x) ?? 'passed through', String(s.requestBytes), String(s.responseBytes),
      x?.latencyUs === undefined ? '—' : formatMs(x.latencyUs),
    ];
  });
  const right = new Set([0, 2, 5, 6, 7]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    '  ' + cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/** Our steps are fixed in advance; a real client would have stopped at a first answer other than the APQ miss. */
function persistedFlowNote({ options, result }: GraphRun): string | undefined {
  if (!options.persisted) return undefined;
  const first = graphAnswer(result.exchanges[0]?.response);
  const miss = first.kind === 'errors-only' && first.errors.some((e) => e.code === 'PERSISTED_QUERY_NOT_FOUND');
  return miss
    ? undefined
    : 'Note: #1 was not answered PERSISTED_QUERY_NOT_FOUND, so a real client would have stopped there; the rest ran to show what each would get.';
}
