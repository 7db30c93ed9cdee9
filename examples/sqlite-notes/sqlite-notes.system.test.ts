import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fetchOrigin } from 'apisim';
import { checkTarget, principles } from 'apisim/vitest';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyOf, type Example, namedFactory, runExample, scenarioFile, statuses, unlabelled } from '../test-kit.js';
import { installAddon } from './addon-install.js';
import * as nodeSqlite from './node-sqlite.js';

/**
 * A system test: better-sqlite3 is not among the repository's packages but installed for this example, once
 * a machine, by `installAddon` (a compile where no prebuilt binary can be fetched). Where it cannot be, the
 * tests on it show as skipped, their title saying why.
 */
const addon = await installAddon();
const notRun = addon.ready ? '' : `: NOT RUN, ${addon.why}`;
// Imported only once it is there; its module loads no addon until a run opens a database.
const betterSqlite = addon.ready ? await import('./better-sqlite3.js') : undefined;

const keysKept = scenarioFile(new URL('crash-after-post.json', import.meta.url));
const keysLost = scenarioFile(new URL('crash-after-post-forgetful.json', import.meta.url));

type Driver = typeof nodeSqlite;
const example = (driver: Driver, build: () => Hono, allowNativeAddons?: string[]): Example<Hono> =>
  ({ build, serve: (app) => fetchOrigin(app), state: driver.state, restart: driver.restart, allowNativeAddons });

/** The notes each run ends with: made at 75 ms by the first attempt, at 375 ms by the re-send after the crash, at 945 ms. */
const note = (id: string, content: string, atMs: number) => ({ id, content, createdAt: new Date(Date.UTC(2026, 0, 1) + atMs).toISOString() });
const kept = [note('1', 'buy milk', 75), note('2', 'pay rent', 945)];
const lost = [note('1', 'buy milk', 75), note('2', 'buy milk', 375), note('3', 'pay rent', 945)];

const nodeHasSqlite = (() => {
  try {
    createRequire(import.meta.url)('node:sqlite');
    return true;
  } catch {
    return false;
  }
})();

describe(`sqlite-notes on better-sqlite3: a crash after a POST took effect, on a lossy line${notRun}`, { timeout: 30_000 }, () => {
  if (betterSqlite === undefined) {
    it.skip('better-sqlite3 is not installed', () => {});
    return;
  }
  // First: once a run has loaded the addon, the process has it, and no later run loads it again.
  it('better-sqlite3 without its addon named: the world refuses to load it, and says how to allow it', async () => {
    await expect(runExample(keysKept.spec, example(betterSqlite, betterSqlite.default))).rejects.toThrow(/native addon .*"allowNativeAddons": \["better-sqlite3"\]/);
  });

  it('the scenario files name the better-sqlite3 module, its exports, and its addon; only the app differs', async () => {
    expect(keysKept.origin).toEqual({ module: './better-sqlite3.ts', export: 'default', allowNativeAddons: ['better-sqlite3'] });
    expect(keysLost.origin).toEqual({ module: './better-sqlite3.ts', export: 'forgetful', allowNativeAddons: ['better-sqlite3'] });
    expect(await namedFactory(keysKept)).toBe(betterSqlite.default);
    expect(await namedFactory(keysLost)).toBe(betterSqlite.forgetful);
    expect(unlabelled(keysKept)).toEqual(unlabelled(keysLost));
  });

  it('better-sqlite3, keys in the database: the re-send after the restart gets the note the first attempt made', async () => {
    const result = await runExample(keysKept.spec, example(betterSqlite, betterSqlite.default, ['better-sqlite3']));
    // The PUT is 201 or, when its first answer was lost and it was sent again, 200: it replaced what it made.
    expect(statuses(result)).toEqual([201, expect.toSatisfy((s) => s === 200 || s === 201), 201, 204, 200]);
    expect(result.summary[0]!.attempts).toBeGreaterThan(1);
    expect(bodyOf(result, 0)).toEqual(kept[0]);
    expect(result.guestState).toEqual({ notes: kept });
  });

  it('better-sqlite3, keys in memory: the restart forgot the key, and the re-send made the note again', async () => {
    const result = await runExample(keysLost.spec, example(betterSqlite, betterSqlite.forgetful, ['better-sqlite3']));
    expect(bodyOf(result, 0)).toEqual(lost[1]);
    expect(result.guestState).toEqual({ notes: lost });
  });
});

describe('sqlite-notes on node:sqlite', () => {
  it.runIf(nodeHasSqlite)('node:sqlite: the same app on the same runs ends as on better-sqlite3', async () => {
    expect((await runExample(keysKept.spec, example(nodeSqlite, nodeSqlite.default))).guestState).toEqual({ notes: kept });
    expect((await runExample(keysLost.spec, example(nodeSqlite, nodeSqlite.forgetful))).guestState).toEqual({ notes: lost });
  });

  it.skipIf(nodeHasSqlite)(`node:sqlite: not run here, Node ${process.version} has no node:sqlite (22.13 or newer has it); opening it says so`, async () => {
    await expect(runExample(keysKept.spec, example(nodeSqlite, nodeSqlite.default))).rejects.toThrow(`node:sqlite is not in Node ${process.version}`);
  });
});

describe(`sqlite-notes on better-sqlite3: the principles${notRun}`, { timeout: 120_000 }, () => {
  if (!addon.ready) {
    it.skip('better-sqlite3 is not installed', () => {});
    return;
  }
  // The app has no users, so the principles about users are skipped, with the reason.
  principles(new URL('./apisim.config.ts', import.meta.url));

  it('the form that keeps its Idempotency-Keys in memory breaks exactly-once across a restart, and nothing else', async () => {
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
