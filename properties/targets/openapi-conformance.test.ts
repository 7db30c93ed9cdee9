import { describe, expect, it } from 'vitest';
import type { JsonReport } from '../conformance/json-report.js';
import { conformance } from './test-kit/conformance-run.js';

const flawed = 'examples/hono-projects/apisim-flawed.config.ts';

/** The schema checks' verdict on the flawed projects app, each finding's line with its ids as N. */
async function verdict(check: string): Promise<{ readonly outcome: string; readonly whats: readonly string[] }> {
  const ran = await conformance('--config', flawed, '--only', check, '--json');
  if (ran.stdout === '') throw new Error(`no report (exit ${ran.code}): ${ran.stderr}`);
  const [only] = (JSON.parse(ran.stdout) as JsonReport<'replay'>).checks;
  return { outcome: only!.outcome, whats: only!.findings.map((f) => f.what.replace(/\/\d+/g, '/N')) };
}

describe('the schema checks on the flawed projects app, with nothing owned written by hand', { timeout: 60_000 }, () => {
  it('openapi/answers-keep-to-schema finds the member GET /projects/{projectId} answers and its schema does not declare', async () => {
    expect(await verdict('openapi/answers-keep-to-schema')).toEqual({ outcome: 'fail', whats: ['--user GET /projects/N was answered 200: its 200 body has /inviteCode, a member its schema does not declare'] });
  });

  it('openapi/invalid-input-refused finds the 500s of PUT /labels/{labelId} to bodies its schema refuses, and nothing else', async () => {
    expect(await verdict('openapi/invalid-input-refused')).toEqual({
      outcome: 'fail',
      whats: [
        '--user PUT /labels/N with a body that is not JSON was answered 500: a server error, not a 4xx',
        '--user PUT /labels/N with name 12345 was answered 500: a server error, not a 4xx',
        '--user PUT /labels/N with name left out was answered 500: a server error, not a 4xx',
      ],
    });
  });
});
