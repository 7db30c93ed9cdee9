import { checkTarget, principles } from 'apisim/vitest';
import { describe, expect, it } from 'vitest';

// The app has no users, so the principles about users are skipped, with the reason.
principles(new URL('./apisim.config.ts', import.meta.url));

describe('the flawed app, which ignores Idempotency-Key', { timeout: 60_000 }, () => {
  it('breaks idempotent-resend and exactly-once, and nothing else', async () => {
    const verdicts = await checkTarget(new URL('./apisim-flawed.config.ts', import.meta.url), { fcSeed: 1 });
    expect(verdicts.filter((v) => v.result?.failed === true).map((v) => v.principle)).toEqual(['idempotent-resend', 'exactly-once']);
    for (const v of verdicts.filter((x) => x.result?.failed === true)) {
      expect(v.result!.problems.join('\n')).toMatch(/made [2-9] objects/);
      expect(v.result!.scenario?.differs).toBeUndefined();
    }
  });
});
