import { checkTarget, principles } from 'apisim/vitest';
import { describe, expect, it } from 'vitest';

// The endpoint has no users and no REST resources: only the graph principles apply; the rest say why not.
principles(new URL('./apisim.config.ts', import.meta.url));

describe('the flawed endpoint, which has no depth limit', { timeout: 60_000 }, () => {
  it('breaks graph-rejected-before-execution, and nothing else, in one request', async () => {
    const verdicts = await checkTarget(new URL('./apisim-flawed.config.ts', import.meta.url), { fcSeed: 1 });
    const broken = verdicts.filter((v) => v.result?.failed === true);
    expect(broken.map((v) => v.principle)).toEqual(['graph-rejected-before-execution']);
    const result = broken[0]!.result!;
    expect(result.requestCount).toBeLessThanOrEqual(3);
    expect(result.scenario?.differs).toBeUndefined();
  });
});
