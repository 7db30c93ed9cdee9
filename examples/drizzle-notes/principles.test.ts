import { readFileSync } from 'node:fs';
import { checkTarget, principles } from 'apisim/vitest';
import { describe, expect, it } from 'vitest';

// The app has no users, so the principles about users are skipped, with the reason.
principles(new URL('./apisim.config.ts', import.meta.url));

describe('the app that keeps its Idempotency-Keys in memory, on PGlite', { timeout: 120_000 }, () => {
  it('breaks exactly-once across a restart, and nothing else', async () => {
    const verdicts = await checkTarget(new URL('./apisim-flawed.config.ts', import.meta.url), { fcSeed: 1 });
    expect(verdicts.filter((v) => v.result?.failed === true).map((v) => v.principle)).toEqual(['exactly-once']);
    const broken = verdicts.find((v) => v.principle === 'exactly-once')!.result!;
    expect(broken.problems.join('\n')).toMatch(/made [2-9] objects/);
    // The crash is what loses the key: the scenario that replays the run has one, and replays it exactly.
    expect(broken.scenario?.differs).toBeUndefined();
    const written = JSON.parse(readFileSync(broken.scenario!.file, 'utf8')) as { crashes?: unknown[] };
    expect(written.crashes?.length).toBeGreaterThan(0);
  });
});
