import { describe, expect, it } from 'vitest';
import { idempotentResend } from './idempotent-resend.js';
import { runPrinciple } from './runner.js';
import { ownTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { unstableLineNaiveClient, withSettings } from './test-kit/principle-settings.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

/** examples/hono-notes has an app that ignores keys too (its principles.test.ts). */
describe('idempotent-resend on apisim\'s own origin', { timeout: 30_000 }, () => {
  it('holds: copies after the answer are replayed, copies alongside the first are refused or replayed, one note each', async () => {
    const result = await runPrinciple(await ownTarget(), idempotentResend, { runs: 40, fcSeed: 1 });
    expect(result.outcome, result.report).toBe('pass');
  });

  it('holds with the key sent bare, as Stripe\'s clients send it', async () => {
    const prepared = await ownTarget({}, (t) => ({ ...t, idempotencyKey: { style: 'bare' } }));
    const result = await runPrinciple(prepared, idempotentResend, { runs: 20, fcSeed: 2 });
    expect(result.outcome, result.report).toBe('pass');
  });

  it('holds on the spec\'s unstable line, where the naive client sends each copy again after its lost answer', async () => {
    const result = await runPrinciple(await ownTarget(), withSettings(idempotentResend, unstableLineNaiveClient), { runs: 20, fcSeed: 3 });
    expect(result.outcome, result.report).toBe('pass');
  });

  it('breaks when the origin ignores the key, shrunk to one POST sent twice and the read-back', async () => {
    const result = await runPrinciple(await prepare(flawedOriginTarget('ignores-keys')), idempotentResend, { runs: 40, fcSeed: 1, folder: scratchFolder('resend') });
    expect(result.failed).toBe(true);
    expect(result.requestCount).toBe(3);
    expect(result.problems[0]).toMatch(/^POST \/notes \S+, sent 2 times with one key \(answered 201, 201\), made 2 objects/);
    expect(result.scenario?.differs).toBeUndefined();
  });

  it('does not apply to a target that declares no idempotencyKey', async () => {
    const prepared = await ownTarget({}, (t) => { const copy = { ...t }; delete copy.idempotencyKey; return copy; });
    expect(idempotentResend.notApplicable(prepared.target)).toMatch(/no idempotencyKey/);
  });
});
