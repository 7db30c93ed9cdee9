import type { Count, FailureSection, HtmlReport, MatrixTable, SequenceDiagram, Tone } from '../../api/cli/render/html/report-model.js';
import { htmlReport } from '../../api/cli/render/html/report-page.js';
import { joinSequences } from '../../api/cli/render/html/sequence-join.js';
import { cellLabel, coverageSummary, type ReportedCoverage, unrunLines } from './coverage-matrix.js';
import { byCurl, type Reproduction } from './reproduction.js';
import { outcomeWord } from './result-table.js';
import type { CheckResult, Outcome, SuiteResult } from './suite-run.js';
import type { SentExchange } from './wire.js';

const tones: Readonly<Record<Outcome, Tone>> = { pass: 'pass', warn: 'warn', fail: 'fail', skip: 'skip', unrun: 'skip', error: 'error' };
const countLabels: Readonly<Record<Outcome, string>> = { pass: 'passed', warn: 'warned', fail: 'failed', skip: 'skipped', unrun: 'could not run', error: 'ended in an error' };

/** What the report says it ran against, and how it was asked for. */
export interface HtmlReporting {
  /** One line for humans: the URLs, or the description, seed and line in the simulator. */
  readonly target: string;
  readonly cacheUrl: string | undefined;
  readonly reproduction: Reproduction;
  /** The command line that made the report. */
  readonly command: string;
  /** The operation × check matrix, when the target names an OpenAPI description. */
  readonly coverage?: ReportedCoverage | undefined;
}

/**
 * `--html`: the verdict table, then every check that failed, warned or ended in an error with its findings,
 * the command that reproduces each, and the requests the check sent drawn as a sequence diagram (those a
 * finding names marked): in the simulator hop by hop, from the trace; over sockets as the suite saw them.
 */
export function conformanceHtml(suite: SuiteResult, reporting: HtmlReporting): string {
  const shown = suite.results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn' || r.outcome === 'error');
  const id = (r: CheckResult) => `check-${r.name.replace(/[^a-z0-9-]/gi, '-')}`;
  const report: HtmlReport = {
    title: 'apisim conformance',
    subtitle: `${reporting.target} · ${suite.requests} requests`,
    command: reporting.command,
    counts: (Object.keys(tones) as Outcome[]).map((o): Count => ({ label: countLabels[o], count: suite.results.filter((r) => r.outcome === o).length, tone: tones[o] })),
    verdicts: suite.results.map((r) => ({
      outcome: outcomeWord(r.outcome), tone: tones[r.outcome], name: r.name, failure: shown.includes(r) ? id(r) : undefined,
      details: [`${Math.round(r.ms)} ms`, `${r.requests} request${r.requests === 1 ? '' : 's'}`, r.reason],
    })),
    charts: [],
    failures: shown.map((r) => failureOf(r, id(r), reporting)),
    failuresLeftOut: undefined,
    matrix: reporting.coverage === undefined ? undefined : matrixOf(reporting.coverage),
  };
  return htmlReport(report);
}

const cellTones: Readonly<Record<string, Tone>> = { pass: 'pass', FAIL: 'fail', unrun: 'skip' };

function matrixOf({ matrix, below }: ReportedCoverage): MatrixTable {
  return {
    title: 'Coverage: which check sent which operation',
    columns: matrix.principles,
    rows: matrix.operations.map((name) => ({ name, cells: matrix.principles.map((check) => { const text = cellLabel(matrix.cells[name]?.[check]); return { text, tone: cellTones[text] }; }) })),
    notes: [...unrunLines(matrix), coverageSummary(matrix, 'check'), ...(below === undefined ? [] : [below])],
  };
}

function failureOf(r: CheckResult, id: string, reporting: HtmlReporting): FailureSection {
  const { reproduction } = reporting;
  const findings = r.findings.map((f) => ({
    what: f.what,
    facts: [{ label: 'request', text: `${f.exchange.request.method} ${f.exchange.request.url}` }, { label: 'expected', text: f.expected }, { label: 'got', text: f.got }],
  }));
  const commands = [...r.findings.map((f) => reproduction.command(r.name, f.exchange.request)), ...(r.unanswered === undefined ? [] : [reproduction.command(r.name, r.unanswered)])];
  const label = reproduction === byCurl ? 'send it again' : 'replay the check';
  const focused = new Set(r.findings.map((f) => f.exchange.response));
  const inSimulator = r.exchanges.some((x) => x.response.sequence !== undefined);
  return {
    id, title: r.name, outcome: outcomeWord(r.outcome), tone: tones[r.outcome], statement: r.statement,
    findings: r.outcome === 'error' ? [{ what: r.reason, facts: [] }] : findings,
    replay: [...new Set(commands)].map((command) => ({ label, command })),
    sequence: r.exchanges.length === 0 ? undefined : joinSequences(r.exchanges.map((x) => focus(x.response.sequence ?? overSockets(x, reporting.cacheUrl), focused.has(x.response)))),
    sequenceNote: r.exchanges.length === 0
      ? 'The check sent no request before its verdict.'
      : inSimulator
        ? 'Every request the check sent before its verdict, hop by hop through the simulated line and cache; times in virtual ms. The exchanges a finding names are marked.'
        : 'Every request the check sent before its verdict, as the suite saw it over HTTP: there is no line or cache of ours to draw in between. The exchanges a finding names are marked.',
  };
}

function focus(diagram: SequenceDiagram, on: boolean): SequenceDiagram {
  return on ? { ...diagram, rows: diagram.rows.map((row) => ({ ...row, focus: true })) } : diagram;
}

/** A request and its answer over sockets: from the caller to the target (or the cache at `--cache-url`) and back. */
function overSockets(x: SentExchange, cacheUrl: string | undefined): SequenceDiagram {
  const target = x.to === cacheUrl ? { id: 'cache', label: 'cache', kind: 'cache' as const } : { id: 'target', label: 'target', kind: 'app' as const };
  const url = new URL(x.request.url);
  const line = `${x.request.method} ${url.pathname}${url.search}`;
  const base = { at: '', exchange: 1, attempt: 1, focus: false, kind: 'message' as const, lost: false };
  const bytes = (body: string | undefined) => `${Buffer.byteLength(body ?? '')} B`;
  const responseHeaders = [...Object.entries(x.response.headers), ...x.response.setCookies.map((c) => ['set-cookie', c] as const)];
  return {
    lanes: [{ id: x.as, label: x.as, kind: 'client' }, target],
    rows: [
      { ...base, from: x.as, to: target.id, label: line, status: 0, detail: `${bytes(x.request.body)} · to ${x.to}`, content: { view: 'as the suite sent it', headers: Object.entries(x.request.headers), body: x.request.body } },
      {
        ...base, from: target.id, to: x.as, label: `${x.response.status} ← ${line}`, status: x.response.status, detail: `${bytes(x.response.body)} · answered in ${x.response.elapsedMs.toFixed(1)} ms`,
        content: { view: 'as the suite received it', headers: responseHeaders, body: x.response.body === '' ? undefined : x.response.body },
      },
    ],
    rowsLeftOut: 0,
  };
}
