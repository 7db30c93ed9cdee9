import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../target/load-target.js';
import { exactlyOnce } from './exactly-once.js';
import { runPrinciple } from './runner.js';
import { ownTarget } from './test-kit/own-origin.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

describe('exactly-once on apisim\'s own origin', { timeout: 30_000 }, () => {
  it('holds with idempotency records written with their effect, under loss, duplicates, delay and crashes', async () => {
    const result = await runPrinciple(await ownTarget(), exactlyOnce, { runs: 50, fcSeed: 1 });
    expect(result.failed, result.report).toBe(false);
  });

  it('breaks with write-behind records: a crash after the effect loses the record, and the keyed re-send makes a second note', async () => {
    const result = await runPrinciple(await ownTarget({ idempotencyRecord: 'write-behind' }), exactlyOnce, { runs: 50, fcSeed: 1, folder: scratchFolder('once') });
    expect(result.failed).toBe(true);
    expect(result.problems[0]).toMatch(/made 2 objects/);
    // One POST and the read-back, besides the sign-in; the crash is in the settings, the file replays it.
    expect(result.requestCount).toBeLessThanOrEqual(2);
    expect(result.scenario?.differs).toBeUndefined();
    const written = JSON.parse(readFileSync(result.scenario!.file, 'utf8')) as { crashes?: { point: string }[]; modes?: { idempotencyRecord?: string } };
    expect(written.crashes?.[0]?.point).toBe('after-effect');
    expect(written.modes?.idempotencyRecord).toBe('write-behind');
  });

  it('plans crashes only where the origin can be crashed: apisim\'s own, not a guest\'s app', async () => {
    const guest = await loadTarget(new URL('../examples/hono-notes/apisim.config.ts', import.meta.url));
    expect(fc.sample(exactlyOnce.plan(guest.target), 100).every((plan) => plan.crash === null)).toBe(true);
    expect(fc.sample(exactlyOnce.plan((await ownTarget()).target), 100).some((plan) => plan.crash !== null)).toBe(true);
  });
});
