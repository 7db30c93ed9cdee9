import { checkTarget, principles } from 'apisim/vitest';
import { describe, expect, it } from 'vitest';

// Every principle apisim knows, one test each, against the correct app: those the description gives nothing
// to check (no idempotency key, no graph) are skipped with the reason.
principles(new URL('./apisim.config.ts', import.meta.url));

describe('the flawed app, which checks login only', { timeout: 60_000 }, () => {
  it('breaks owner-isolation and nothing else, shrunk to a create and a read besides the sign-ins', async () => {
    const verdicts = await checkTarget(new URL('./apisim-flawed.config.ts', import.meta.url), { fcSeed: 1 });
    const broken = verdicts.filter((v) => v.result?.failed === true);
    expect(broken.map((v) => v.principle)).toEqual(['owner-isolation']);
    const result = broken[0]!.result!;
    expect(result.requestCount).toBeLessThanOrEqual(3);
    expect(result.requests.filter((r) => !r.signIn).map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(result.scenario?.differs).toBeUndefined();
    expect(result.report).toContain(`npx apisim sim --file ${result.scenario!.file} --seed ${result.seed}`);
  });
});
