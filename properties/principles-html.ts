import type { FailureSection, HtmlReport, Tone, VerdictRow } from '../api/cli/render/html/report-model.js';
import { htmlReport } from '../api/cli/render/html/report-page.js';
import type { TargetVerdict } from './check-target.js';
import type { Principle } from './principle.js';
import type { PrincipleOutcome, PrincipleResult } from './runner.js';

/** A principle as the report shows it: checked (held, broke, or could not run), not applicable, or ended in an error before a verdict. */
export type ReportedPrinciple = TargetVerdict | { readonly principle: string; readonly error: string };

/** The counts on top, in this order. */
const countOrder: readonly string[] = ['passed', 'failed', 'could not run', 'not applicable', 'ended in an error'];

/** Words and colour for a principle that was checked, by its result's outcome. */
const checked: Readonly<Record<PrincipleOutcome, { readonly outcome: string; readonly tone: Tone; readonly count: string }>> = {
  pass: { outcome: 'pass', tone: 'pass', count: 'passed' },
  fail: { outcome: 'FAIL', tone: 'fail', count: 'failed' },
  unrun: { outcome: 'could not run', tone: 'skip', count: 'could not run' },
};

/** What a verdict reads as, and the words for it. */
function verdictOf(v: ReportedPrinciple): { readonly outcome: string; readonly tone: Tone; readonly count: string } {
  if ('error' in v) return { outcome: 'ERROR', tone: 'error', count: 'ended in an error' };
  if (v.result === undefined) return { outcome: 'not applicable', tone: 'skip', count: 'not applicable' };
  return checked[v.result.outcome];
}

/**
 * The vitest helper's `html` report: a row per principle that ran (passed, broken, could not run, not
 * applicable to the target, or ended in an error), and for each broken one what broke, the commands that replay it, and the
 * shrunk run drawn as a sequence diagram.
 */
export function principlesHtml(target: string, reported: readonly ReportedPrinciple[], principles: readonly Principle<unknown>[], command: string): string {
  const statement = (name: string) => principles.find((p) => p.name === name)?.statement ?? '';
  const id = (name: string) => `principle-${name}`;
  const rows = reported.map((v): VerdictRow => {
    const { outcome, tone } = verdictOf(v);
    const why = 'error' in v ? v.error : v.result === undefined ? v.notApplicable : { pass: statement(v.principle), fail: v.result.problems[0] ?? '', unrun: v.result.unrunReasons[0] ?? '' }[v.result.outcome];
    const runs = 'error' in v || v.result === undefined ? '' : `${v.result.runs} run${v.result.runs === 1 ? '' : 's'}`;
    return { outcome, tone, name: v.principle, details: [runs, why], failure: !('error' in v) && v.result?.failed === true ? id(v.principle) : undefined };
  });
  const counts = countOrder.map((label) => {
    const of = reported.filter((v) => verdictOf(v).count === label);
    return { label, count: of.length, tone: of[0] === undefined ? 'skip' : verdictOf(of[0]).tone };
  });
  const failures = reported.flatMap((v) => ('error' in v || v.result?.failed !== true ? [] : [failureOf(v.result, id(v.principle), statement(v.principle))]));
  const report: HtmlReport = {
    title: 'apisim principles',
    subtitle: `${target} · each principle checked with fast-check in the simulator, a broken one shrunk to its smallest run`,
    command,
    counts,
    verdicts: rows,
    charts: [],
    failures,
    failuresLeftOut: undefined,
  };
  return htmlReport(report);
}

function failureOf(result: PrincipleResult, id: string, statement: string): FailureSection {
  const scenario = result.scenario;
  const replay = [
    ...(scenario === undefined || scenario.differs !== undefined ? [] : [{ label: 'replay in the simulator', command: scenario.command }]),
    ...(result.fastCheckReplay === undefined ? [] : [{ label: 'replay the fast-check run', command: result.fastCheckReplay }]),
  ];
  const signIns = result.signIns === 0 ? '' : `, besides ${result.signIns} sign-in${result.signIns === 1 ? '' : 's'}`;
  const differs = scenario?.differs === undefined ? '' : ` The scenario file ${scenario.file} did not replay the run (${scenario.differs}).`;
  return {
    id, title: result.principle, outcome: 'FAIL', tone: 'fail', statement,
    findings: result.problems.map((p) => ({ what: p, facts: [] })),
    replay,
    sequence: result.sequence,
    sequenceNote: `The run, shrunk after ${result.runs} run${result.runs === 1 ? '' : 's'} to ${result.requestCount} request${result.requestCount === 1 ? '' : 's'}${signIns}, on simulator seed ${result.seed}; times in virtual ms.${differs}`,
  };
}
