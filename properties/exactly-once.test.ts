import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { exactlyOnce } from './exactly-once.js';
import { runPrinciple } from './runner.js';
import { notesTarget } from './test-kit/notes-app.js';
import { ownTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { withSettings } from './test-kit/principle-settings.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

const honoConfig = new URL('../examples/hono-notes/apisim.config.ts', import.meta.url);

/** The Hono notes app, as its config describes it, in the form `exportName` builds. */
async function honoNotes(exportName = 'default'): Promise<PreparedTarget> {
  const loaded = await loadTarget(honoConfig);
  const app = { ...loaded.target.app, export: exportName };
  return PreparedTarget.prepare({ ...loaded, target: { ...loaded.target, name: `hono-notes-${exportName}`, app } });
}

describe('exactly-once on apisim\'s own origin', { timeout: 30_000 }, () => {
  it('holds with idempotency records written with their effect, under loss, duplicates, delay and crashes', async () => {
    const result = await runPrinciple(await ownTarget(), exactlyOnce, { runs: 50, fcSeed: 1 });
    expect(result.outcome, result.report).toBe('pass');
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

  it('breaks when the origin ignores the key: the keyed client\'s re-send, or a copy the line made, is a second note', async () => {
    const result = await runPrinciple(await prepare(flawedOriginTarget('ignores-keys')), exactlyOnce, { runs: 50, fcSeed: 1, folder: scratchFolder('once-keys') });
    expect(result.failed).toBe(true);
    expect(result.problems[0]).toMatch(/made [2-9] objects/);
    // One POST and the read-back.
    expect(result.requestCount).toBeLessThanOrEqual(2);
    expect(result.scenario?.differs).toBeUndefined();
  });

  it('breaks with the naive client when the POST carries no key the origin reads: a re-sent POST is a second note', async () => {
    // The key goes under a header apisim does not read, and the naive client adds none of its own.
    const prepared = await ownTarget({}, (t) => ({ ...t, idempotencyKey: { header: 'X-Unread-Key', style: 'bare' } }));
    const naive = withSettings(exactlyOnce, (s) => ({ ...s, modes: { ...s.modes, client: { ...s.modes?.client, policy: 'naive' } } }));
    const result = await runPrinciple(prepared, naive, { runs: 50, fcSeed: 1, folder: scratchFolder('once-naive') });
    expect(result.failed).toBe(true);
    expect(result.problems[0]).toMatch(/made [2-9] objects/);
    expect(result.requestCount).toBeLessThanOrEqual(2);
  });

  it('breaks with the safe client too, which never re-sends a POST, when the line duplicates a request that carries no key', async () => {
    const prepared = await ownTarget({}, (t) => ({ ...t, idempotencyKey: { header: 'X-Unread-Key', style: 'bare' } }));
    const safe = withSettings(exactlyOnce, (s) => ({ ...s, modes: { ...s.modes, client: { ...s.modes?.client, policy: 'safe' } } }));
    const result = await runPrinciple(prepared, safe, { runs: 50, fcSeed: 1, folder: scratchFolder('once-safe') });
    expect(result.failed).toBe(true);
    expect(result.problems[0]).toMatch(/\(answered 201, 1 attempt\) made [2-9] objects/);
    // Dropping a POST shifts which messages the seed's line duplicates, so shrinking may stop a POST above one.
    expect(result.requestCount).toBeLessThanOrEqual(3);
  });

  it('plans crashes only where the origin can restart: apisim\'s own, an app whose module exports restart, not one without', async () => {
    const sample = (prepared: PreparedTarget) => fc.sample(exactlyOnce.plan(prepared.target, prepared), 100);
    expect(sample(await ownTarget()).some((plan) => plan.crash !== null)).toBe(true);
    expect(sample(await honoNotes()).some((plan) => plan.crash !== null)).toBe(true);
    const noRestart = await prepare({ ...notesTarget('default'), writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'x' } }], idempotencyKey: {} });
    expect(noRestart.restarts).toBe(false);
    expect(sample(noRestart).every((plan) => plan.crash === null)).toBe(true);
  });
});

describe('exactly-once on a Hono app that exports restart (examples/hono-notes)', { timeout: 60_000 }, () => {
  it('holds on the correct app, whose keys are kept in the store with its notes, under crashes too', async () => {
    const hono = await honoNotes();
    expect(hono.restarts).toBe(true);
    const result = await runPrinciple(hono, exactlyOnce, { runs: 50, fcSeed: 1 });
    expect(result.outcome, result.report).toBe('pass');
  });

  it('breaks on the forgetful app, whose keys live in the process: a crash after the note loses its key, and the re-send makes a second', async () => {
    // fcSeed 2: from seed 1, shrinking stops at two POSTs with the crash in the second (dropping the first would move the crash to the read-back).
    const result = await runPrinciple(await honoNotes('forgetful'), exactlyOnce, { runs: 50, fcSeed: 2, folder: scratchFolder('once-hono') });
    expect(result.failed).toBe(true);
    expect(result.problems[0]).toMatch(/made 2 objects/);
    // One POST and the read-back; the crash is in the settings, and the file replays it on the app's restart.
    expect(result.requestCount).toBeLessThanOrEqual(2);
    expect(result.scenario?.differs).toBeUndefined();
    const written = JSON.parse(readFileSync(result.scenario!.file, 'utf8')) as { origin?: { export: string }; crashes?: { request: number; point: string }[] };
    expect(written.origin?.export).toBe('forgetful');
    expect(written.crashes).toEqual([expect.objectContaining({ request: 1 })]);
  });
});
