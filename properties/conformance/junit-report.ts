import junitModule, { type Builder } from 'junit-report-builder';
import { cellLabel, coverageSummary, type ReportedCoverage } from './coverage-matrix.js';
import { byCurl, type Reproduction } from './reproduction.js';
import type { SuiteResult } from './suite-run.js';

// The package is CommonJS whose module.exports is the builder, while its types declare an ES default export.
const junit = junitModule as unknown as Builder;

/**
 * JUnit XML for CI systems (the Jenkins/Surefire dialect junit-report-builder writes): one testsuite, one
 * testcase per check with its area as the class name; a failed check is a <failure> whose text holds every
 * finding with its `curl` (in the simulator, the command that replays the check), an unfinished one an <error>, a skipped one or one that could not run <skipped/>
 * with the reason in <system-out>; what cleanup left behind goes in <system-err>. With an OpenAPI
 * description, a second testsuite, `coverage`: a testcase per operation, whose <system-out> says what each
 * check that sent it came to, <skipped/> when none did; and, with `--require-coverage`, one more that fails
 * below the share.
 */
export function junitReport(suite: SuiteResult, target: string, reproduction: Reproduction = byCurl, coverage?: ReportedCoverage): string {
  const builder = junit.newBuilder();
  const testSuite = builder.testSuite().name(`apisim conformance against ${target}`).time(suite.ms / 1000);
  for (const r of suite.results) {
    const testCase = testSuite.testCase().className(`conformance.${r.name.split('/')[0]!}`).name(r.name).time(r.ms / 1000);
    const details = r.findings.map((f) => `${f.what}\n  expected:  ${f.expected}\n  got:       ${f.got}\n  reproduce: ${reproduction.command(r.name, f.exchange.request)}`).join('\n\n');
    if (r.outcome === 'fail') testCase.failure(r.reason, 'ConformanceFailure').standardOutput(details);
    else if (r.outcome === 'error') testCase.error(r.reason, 'ConformanceError', r.unanswered === undefined ? undefined : reproduction.command(r.name, r.unanswered));
    else if (r.outcome === 'skip' || r.outcome === 'unrun') testCase.skipped().standardOutput(`${r.outcome === 'skip' ? 'skipped: ' : ''}${r.reason}`);
    else if (r.outcome === 'warn') testCase.standardOutput(`warning: ${r.reason}\n\n${details}`);
    else testCase.standardOutput(r.reason);
    if (r.leftBehind.length > 0) testCase.standardError(`left behind: ${r.leftBehind.join('\n  ')}`);
  }
  if (coverage !== undefined) coverageSuite(builder, coverage);
  return builder.build();
}

function coverageSuite(builder: ReturnType<Builder['newBuilder']>, { matrix, required, below }: ReportedCoverage): void {
  const testSuite = builder.testSuite().name('apisim conformance coverage: the operations of the OpenAPI description');
  for (const operation of matrix.operations) {
    const testCase = testSuite.testCase().className('coverage').name(operation);
    const sent = Object.entries(matrix.cells[operation] ?? {});
    if (sent.length === 0) testCase.skipped().standardOutput('no check sent a request to it');
    else testCase.standardOutput(sent.map(([check, cell]) => `${check}: ${cellLabel(cell)}${cell.outcome === 'unrun' ? ` (${cell.reason})` : ''}`).join('\n'));
  }
  if (required === undefined) return;
  const requirement = testSuite.testCase().className('coverage').name(`--require-coverage ${required}`);
  if (below !== undefined) requirement.failure(below, 'CoverageBelowRequired');
  else requirement.standardOutput(coverageSummary(matrix, 'check'));
}
