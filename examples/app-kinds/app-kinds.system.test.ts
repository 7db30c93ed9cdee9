import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { checkTarget } from 'apisim/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apisimWith, simWith } from '../../api/cli/cli-process.js';
import { installAddon } from '../sqlite-notes/addon-install.js';

/**
 * The apps people have, one row per kind, each handed over as its framework's docs write it (the table of
 * docs/guest-world.md, "The apps people have"): the seed replays in fresh processes, every principle that
 * applies runs with no error on a lossy line, and the flawed form fails its principle. In CI, 2 seeds and 1
 * fresh process; the table in the docs is this test run with more:
 *   APISIM_APP_KINDS_SEEDS=20 APISIM_APP_KINDS_RUNS=5 npx vitest run --config vitest.system.config.ts examples/app-kinds
 * which also writes the table to reports/local/app-kinds.md.
 */
const seeds = Number(process.env.APISIM_APP_KINDS_SEEDS ?? 2);
const runs = Number(process.env.APISIM_APP_KINDS_RUNS ?? 1);
const catalogue = 'properties/test-kit/catalogue';

interface Row {
  readonly kind: string;
  /** Why the row cannot run here, if it cannot. */
  readonly notRun?: string;
  readonly scenario: string;
  readonly correct: string;
  readonly flawed: string;
  readonly principle: string;
  /** The line the flaw shows on: a crash for what a crash loses. */
  readonly flawLine: 'lossy' | 'crash';
}

const addon = await installAddon();
const rows: readonly Row[] = [
  {
    kind: 'Apollo Server 5 (Express integration)', scenario: 'examples/apollo-people/deep-query.json',
    correct: 'examples/apollo-people/apisim.config.ts', flawed: 'examples/apollo-people/apisim-flawed.config.ts', principle: 'graph-rejected-before-execution', flawLine: 'lossy',
  },
  {
    kind: 'GraphQL Yoga 5 with @graphql-yoga/plugin-apq', scenario: 'examples/app-kinds/yoga-people.json',
    correct: `${catalogue}/yoga-people-correct.config.ts`, flawed: `${catalogue}/yoga-people-compact-data.config.ts`, principle: 'graph-field-exact', flawLine: 'lossy',
  },
  {
    kind: 'json-server 0.17\'s router over an in-memory object', scenario: 'examples/json-server-notes/read-others-note.json',
    correct: 'examples/json-server-notes/apisim.config.ts', flawed: 'examples/json-server-notes/apisim-flawed.config.ts', principle: 'owner-isolation', flawLine: 'lossy',
  },
  {
    kind: 'Fastify 5 (export default app, the instance)', scenario: 'examples/app-kinds/fastify-orders.json',
    correct: 'examples/app-kinds/fastify-orders-correct.config.ts', flawed: 'examples/app-kinds/fastify-orders-flawed.config.ts', principle: 'owner-isolation', flawLine: 'lossy',
  },
  {
    kind: 'Koa 3 with @koa/bodyparser', scenario: 'examples/app-kinds/koa-notes.json',
    correct: `${catalogue}/koa-notes-correct.config.ts`, flawed: `${catalogue}/koa-notes-flawed.config.ts`, principle: 'exactly-once', flawLine: 'crash',
  },
  {
    kind: 'NestJS 11 (built by tsc)', scenario: 'examples/nest-notes/read-others-note.json',
    correct: 'examples/nest-notes/apisim.config.ts', flawed: 'examples/nest-notes/apisim-flawed.config.ts', principle: 'owner-isolation', flawLine: 'lossy',
  },
  {
    kind: 'Drizzle on PGlite', scenario: 'examples/drizzle-notes/crash-after-post.json',
    correct: 'examples/drizzle-notes/apisim.config.ts', flawed: 'examples/drizzle-notes/apisim-flawed.config.ts', principle: 'exactly-once', flawLine: 'crash',
  },
  {
    kind: 'better-sqlite3', notRun: addon.ready ? undefined : addon.why, scenario: 'examples/sqlite-notes/crash-after-post.json',
    correct: 'examples/sqlite-notes/apisim.config.ts', flawed: 'examples/sqlite-notes/apisim-flawed.config.ts', principle: 'exactly-once', flawLine: 'crash',
  },
];

/** What `sim --json --check-determinism` says, as far as this table reads it. */
interface SimJson {
  readonly determinism: unknown;
  readonly expectations: readonly { readonly expectation: string; readonly held: boolean }[];
}

interface Conformance {
  readonly summary: { pass: number; fail: number; error: number; unrun: number; skip: number };
  readonly checks: readonly { readonly outcome: string; readonly principle?: string }[];
}

async function conformance(config: string, line: string): Promise<Conformance> {
  const ran = await apisimWith({}, 'conformance', '--config', config, '--line', line, '--json');
  return JSON.parse(ran.stdout) as Conformance;
}

/**
 * Where the flawed form fails its principle: a conformance check on the flaw's line, or else the principle
 * itself (fast-check, seed 1), which is how exactly-once is judged: no conformance check crashes an app.
 */
async function flawCaught(row: Row): Promise<string | undefined> {
  const flawed = await conformance(row.flawed, row.flawLine);
  expect(flawed.summary.error).toBe(0);
  if (flawed.checks.some((c) => c.outcome === 'fail' && c.principle === row.principle)) return `conformance, ${row.flawLine} line`;
  const verdicts = await checkTarget(new URL(`../../${row.flawed}`, import.meta.url), { fcSeed: 1 });
  return verdicts.some((v) => v.principle === row.principle && v.result?.failed === true) ? 'the principle (fcSeed 1)' : undefined;
}

/**
 * What the CLI may say on stderr of a run that passed: an app that logs (json-server's logger) had its output
 * kept apart; an app instance (Fastify's `export default app`) is imported afresh for each run.
 */
const passingNotes = [
  /^sim: the app wrote \d+ lines? to its stdout and stderr, kept out of this output: --app-output shows (it|them)\n/m,
  /^sim: note: export "\w+" of \S+ is an app, not a factory: each run imports \S+ afresh to build a new one, .*\n/m,
];
const withoutNotes = (stderr: string): string => passingNotes.reduce((rest, note) => rest.replace(note, ''), stderr);

const table: string[] = [];

beforeAll(async () => {
  // A NestJS app is handed over built, as `nest build` leaves it: tsc emits the decorator metadata its
  // injection reads, which tsx does not.
  await promisify(execFile)('npx', ['tsc', '-p', 'examples/nest-notes/src']);
});

afterAll(() => {
  if (table.length === 0) return;
  const header = `| app kind | --check-determinism --runs ${runs} | principles on a lossy line (correct form) | the flawed form |\n|---|---|---|---|`;
  const text = `${header}\n${table.join('\n')}\n`;
  mkdirSync('reports/local', { recursive: true });
  writeFileSync('reports/local/app-kinds.md', text);
  process.stdout.write(`\n${text}`);
});

describe.each(rows)('$kind', (row) => {
  if (row.notRun !== undefined) {
    it.skip(`NOT RUN: ${row.notRun}`, () => {});
    table.push(`| ${row.kind} | not run: ${row.notRun} | | |`);
    return;
  }

  it(`replays seeds 1 to ${seeds} in ${runs} fresh process(es); the principles that apply hold on a lossy line; the flawed form fails ${row.principle}`, async () => {
    let passed = 0;
    // The seeds on which the line lost what the scenario's own expectations need (a login's answer, so no
    // order is placed): `sim` exits 1 for them, which says nothing of whether the seed replays.
    const unmet: string[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const ran = await simWith({}, '--file', row.scenario, '--seed', String(seed), '--check-determinism', '--runs', String(runs), '--json');
      expect([seed, withoutNotes(ran.stderr)]).toEqual([seed, '']);
      const run = JSON.parse(ran.stdout) as SimJson;
      expect([seed, run.determinism]).toEqual([seed, { runs: runs + 2, freshProcesses: runs, identical: true }]);
      const held = run.expectations.every((v) => v.held);
      expect([seed, ran.code]).toEqual([seed, held ? 0 : 1]);
      passed += 1;
      if (!held) unmet.push(`${seed} (${run.expectations.filter((v) => !v.held).map((v) => v.expectation).join(', ')})`);
    }
    const correct = await conformance(row.correct, 'lossy');
    expect(correct.summary).toMatchObject({ fail: 0, error: 0, unrun: 0 });
    expect(correct.summary.pass).toBeGreaterThan(0);
    const caughtBy = await flawCaught(row);
    expect(caughtBy).toBeDefined();
    table.push(
      `| ${row.kind} | ${passed} of ${seeds} seeds pass${unmet.length === 0 ? '' : `; the line broke the scenario's own expectations on seeds ${unmet.join(', ')}`} | ${correct.summary.pass} pass, ${correct.summary.skip} do not apply, 0 fail, 0 error | fails ${row.principle}: ${caughtBy} |`,
    );
  });
});
