import { byCurl, type Reproduction } from './reproduction.js';
import type { CheckResult, SuiteResult } from './suite-run.js';

/** Findings shown in full per check; the rest are counted. */
const shownFindings = 3;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A verdict as the reports write it: `pass` quietly, everything else in capitals, to be seen. */
export const outcomeWord = (outcome: CheckResult['outcome']): string => (outcome === 'pass' ? 'pass' : outcome.toUpperCase());

export function summaryLine(suite: SuiteResult, target: string): string {
  const count = (outcome: CheckResult['outcome']) => suite.results.filter((r) => r.outcome === outcome).length;
  const beyond = suite.beyondBounds > 0 ? `; cleanup sent ${suite.beyondBounds} requests past the bounds` : '';
  return `${count('pass')} passed, ${count('warn')} warned, ${count('fail')} failed, ${count('skip')} skipped, ${count('unrun')} could not run, ${count('error')} errors; ${suite.requests} requests in ${(suite.ms / 1000).toFixed(1)} s against ${target}${beyond}`;
}

/** The pass/fail/skip table, one row per check, then every failure with the command that reproduces it (`curl`, or the replay in the simulator). */
export function resultTable(suite: SuiteResult, target: string, reproduction: Reproduction = byCurl): string {
  const nameWidth = Math.max(5, ...suite.results.map((r) => r.name.length));
  const rows = suite.results.map((r) => `${r.name.padEnd(nameWidth)}  ${outcomeWord(r.outcome).padEnd(6)}  ${String(Math.round(r.ms)).padStart(6)}  ${oneLine(r.reason)}`);
  const lines = [`${'check'.padEnd(nameWidth)}  result  ${'ms'.padStart(6)}  reason`, ...rows, '', summaryLine(suite, target)];
  if (suite.results.every((r) => r.outcome !== 'pass' && r.outcome !== 'warn' && r.outcome !== 'fail')) lines.push('nothing was checked: no check passed or failed (exit code 3)');
  const failed = suite.results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn' || r.outcome === 'error');
  if (failed.length > 0) lines.push('', ...failed.flatMap((r) => failureDetail(r, reproduction)));
  const left = suite.results.filter((r) => r.leftBehind.length > 0);
  if (left.length > 0) lines.push('', 'Left behind (cleanup could not remove it; remove by hand):', ...left.flatMap((r) => r.leftBehind.map((what) => `  ${r.name}: ${oneLine(what)}`)));
  return `${lines.join('\n')}\n`;
}

function failureDetail(result: CheckResult, reproduction: Reproduction): string[] {
  const lines = [`${result.outcome.toUpperCase()} ${result.name}: ${result.statement}`];
  for (const f of result.findings.slice(0, shownFindings)) {
    lines.push(`  ${oneLine(f.what)}`, `    expected:  ${oneLine(f.expected)}`, `    got:       ${oneLine(f.got)}`, `    reproduce: ${reproduction.command(result.name, f.exchange.request)}`);
  }
  if (result.findings.length > shownFindings) lines.push(`  … and ${result.findings.length - shownFindings} more (--json lists them all)`);
  if (result.outcome === 'error') {
    lines.push(`  ${oneLine(result.reason)}`);
    if (result.unanswered !== undefined) lines.push(`    try:       ${reproduction.command(result.name, result.unanswered)}`);
  }
  lines.push('');
  return lines;
}
