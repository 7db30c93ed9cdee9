import { runConformance } from './conformance-command.js';
import type { JsonCheck, JsonReport } from './json-report.js';

/** For the suite's own tests: `npm run conformance -- …` in this process, with what it wrote. */
export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const demoUsers = ['--user', 'alice:alice-pw', '--other-user', 'bob:bob-pw'] as const;

export async function conformance(args: readonly string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await runConformance(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** A `--json` run against `baseUrl` as alice and bob, with its report. */
export async function conformanceReport(baseUrl: string, ...args: string[]): Promise<{ readonly code: number; readonly report: JsonReport; readonly stderr: string }> {
  const ran = await conformance(['--base-url', baseUrl, ...demoUsers, '--json', ...args]);
  if (ran.stdout === '') throw new Error(`no report (exit ${ran.code}): ${ran.stderr}`);
  return { code: ran.code, report: JSON.parse(ran.stdout) as JsonReport, stderr: ran.stderr };
}

/** The one check of a report, by name. */
export function checkNamed(report: JsonReport, name: string): JsonCheck {
  const check = report.checks.find((c) => c.name === name);
  if (check === undefined) throw new Error(`no ${name} in the report`);
  return check;
}
