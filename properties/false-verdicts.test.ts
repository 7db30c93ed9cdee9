import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonReport } from './conformance/json-report.js';
import { authenticationFirst } from './authentication-first.js';
import { exactlyOnce } from './exactly-once.js';
import { graphRejectedBeforeExecution } from './graph-rejected-before-execution.js';
import { idempotentResend } from './idempotent-resend.js';
import { ownerIsolation } from './owner-isolation.js';
import type { Principle } from './principle.js';
import { assertPrinciple, PrincipleNotChecked, runPrinciple } from './runner.js';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { conformance, root } from './targets/test-kit/conformance-run.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

/**
 * Verdicts that once passed a flawed app or failed a correct one, on apps written the ordinary way
 * (`test-kit/false-verdicts/`): each now passes only on evidence, fails only on a broken answer, and
 * otherwise says it could not run, with what to declare.
 */
const kit = 'properties/test-kit/false-verdicts';
const folder = scratchFolder('false-verdicts');

async function verdict(config: string, principle: Principle<unknown>, fcSeed = 1) {
  const prepared = await PreparedTarget.prepare(await loadTarget(join(root, kit, config)));
  return runPrinciple(prepared, principle, { runs: 20, fcSeed, folder });
}

async function check(config: string, name: string) {
  const ran = await conformance('--config', `${kit}/${config}`, '--json', '--only', name);
  const report = JSON.parse(ran.stdout) as JsonReport<'replay'>;
  return report.checks.find((c) => c.name === name)!;
}

describe('verdicts rest on evidence', { timeout: 60_000 }, () => {
  it('exactly-once could not run, not pass, on a POST that ignores the key when nothing can count what it made', async () => {
    const result = await verdict('unlisted-notes-unkeyed.config.ts', exactlyOnce);
    expect(result.outcome, result.report).toBe('unrun');
    expect(result.held).toBe(0);
    expect(result.unrunReasons.join('\n')).toMatch(/GET \/notes answered 404, and the app reports no state\. Give \/notes a GET that lists what was made, or export state\(app\)/);
    // What a user's own test calls: nothing checked is no pass, and no failure of the principle either.
    const prepared = await PreparedTarget.prepare(await loadTarget(join(root, kit, 'unlisted-notes-unkeyed.config.ts')));
    await expect(assertPrinciple(prepared, exactlyOnce, { runs: 5, fcSeed: 1, folder })).rejects.toThrow(PrincipleNotChecked);
  });

  it('idempotent-resend could not run, not fail, on a POST that honours the key when nothing can count what it made', async () => {
    const result = await verdict('unlisted-notes-keyed.config.ts', idempotentResend);
    expect(result.outcome, result.report).toBe('unrun');
    expect(result.report).toMatch(/could not run on unlisted-notes-keyed/);
  });

  it('owner-isolation breaks a PATCH-only BOLA whose empty and merge-patch bodies are refused for their form', async () => {
    const flawed = await verdict('patch-bola-flawed.config.ts', ownerIsolation);
    expect(flawed.outcome).toBe('fail');
    expect(flawed.problems[0]).toMatch(/^(user|other-user) PATCH \/orders\/[12], \S+'s orders object, was answered 200 \(after 400 merge-patch\+json, 400 json/);
    const correct = await verdict('patch-bola-correct.config.ts', ownerIsolation);
    expect(correct.outcome, correct.report).toBe('pass');
    expect(correct.evidence.join('\n')).toMatch(/GET \/orders\/[12], \S+'s orders object: 403/);
  });

  it('a 400 to every body form is no refusal: only the evidence of the reads carries the pass', async () => {
    const correct = await verdict('patch-bola-correct.config.ts', ownerIsolation, 3);
    expect([...correct.evidence, ...correct.unrunReasons].join('\n')).not.toMatch(/PATCH [^\n]*: 400/);
  });

  it('authentication-first, principle and socket plan alike, breaks a DELETE that answers 404 before 401', async () => {
    const principle = await verdict('delete-before-login-flawed.config.ts', authenticationFirst);
    expect(principle.outcome).toBe('fail');
    expect(principle.problems[0]).toMatch(/^DELETE \/orders\/\S+ with .* was answered 404, not 401/);
    const flawed = await check('delete-before-login-flawed.config.ts', 'auth/401-before-403');
    expect(flawed.outcome).toBe('fail');
    expect(JSON.stringify(flawed.findings)).toMatch(/DELETE \/orders\/<order_id> with no credential answered 404/);
    const correct = await check('delete-before-login-correct.config.ts', 'auth/401-before-403');
    expect(correct.outcome, correct.reason).toBe('pass');
    expect(correct.reason).toMatch(/^4 endpoints × 3 credential states/);
    expect((await verdict('delete-before-login-correct.config.ts', authenticationFirst)).outcome).toBe('pass');
  });

  it('graph-rejected-before-execution passes a correct depth limit on the runs that drew a query that nests, and does not fail on the others', async () => {
    const result = await verdict('yoga-unnested-query.config.ts', graphRejectedBeforeExecution, 2);
    expect(result.outcome, result.report).toBe('pass');
    expect(result.held).toBeGreaterThan(0);
    expect(result.unrun).toBeGreaterThan(0);
    expect(result.unrunReasons[0]).toMatch(/no type of the declared Name query's answer comes back below itself/);
    expect(result.evidence[0]).toMatch(/declared limit 5\): .* refused for its depth/);
  });
});
