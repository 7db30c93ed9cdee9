import { describe, expect, it } from 'vitest';
import { idempotentResend } from './idempotent-resend.js';
import { runPrinciple } from './runner.js';
import { ownTarget } from './test-kit/own-origin.js';

/** The app that ignores keys is examples/hono-notes (its principles.test.ts): apisim's own origin honours them. */
describe('idempotent-resend on apisim\'s own origin', { timeout: 30_000 }, () => {
  it('holds: copies after the answer are replayed, copies alongside the first are refused or replayed, one note each', async () => {
    const result = await runPrinciple(await ownTarget(), idempotentResend, { runs: 40, fcSeed: 1 });
    expect(result.failed, result.report).toBe(false);
  });

  it('holds with the key sent bare, as Stripe\'s clients send it', async () => {
    const prepared = await ownTarget({}, (t) => ({ ...t, idempotencyKey: { style: 'bare' } }));
    const result = await runPrinciple(prepared, idempotentResend, { runs: 20, fcSeed: 2 });
    expect(result.failed, result.report).toBe(false);
  });

  it('does not apply to a target that declares no idempotencyKey', async () => {
    const prepared = await ownTarget({}, (t) => { const copy = { ...t }; delete copy.idempotencyKey; return copy; });
    expect(idempotentResend.notApplicable(prepared.target)).toMatch(/no idempotencyKey/);
  });
});
