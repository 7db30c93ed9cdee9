import { fetchOrigin } from 'apisim';
import { checkTarget } from 'apisim/vitest';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apisimWith, simWith } from '../../api/cli/cli-process.js';
import { bodyOf, runExample, scenarioFile } from '../test-kit.js';
import { postgresBin, serveFetch, startPostgres, type ThrowawayPostgres } from './test-kit.js';

const bin = postgresBin();
const title = bin === undefined
  ? 'the notes app on a real Postgres server: NOT RUN, no Postgres server is installed here (apt-get install postgresql; docs/databases.md)'
  : `the notes app on a real Postgres server (${bin}), a throwaway cluster on loopback`;

type PostgresModule = typeof import('./postgres.js');
const crash = scenarioFile(new URL('crash-after-post-postgres.json', import.meta.url));

describe.skipIf(bin === undefined)(title, () => {
  let server: ThrowawayPostgres | undefined;
  let app: PostgresModule;
  beforeAll(async () => {
    server = await startPostgres(bin!);
    process.env.DATABASE_URL = server.url;
    // Imported once the server is up: the module makes its template database when it loads.
    app = await import('./postgres.js');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('in the world: the crash after the POST leaves two notes, the forgetful form three, each run on a new database', async () => {
    const example = (build: () => Promise<Hono>) => ({ build, serve: (made: Hono) => fetchOrigin(made), restart: app.restart });
    const ids = (result: Awaited<ReturnType<typeof runExample>>) => (bodyOf(result, 4) as { id: string; content: string }[]).map((n) => `${n.id} ${n.content}`);
    expect(ids(await runExample(crash.spec, example(app.default)))).toEqual(['1 buy milk', '2 pay rent']);
    expect(ids(await runExample(crash.spec, example(app.forgetful)))).toEqual(['1 buy milk', '2 buy milk', '3 pay rent']);
    // Another seed sends other keys: on the last run's database they would find nothing and add notes 3 and 4.
    expect(ids(await runExample(crash.spec, example(app.default), 2))).toEqual(['1 buy milk', '2 pay rent']);
  });

  it('in the world: --check-determinism --runs 2 passes on seeds 1 to 3, each query waited for as real work', async () => {
    for (const seed of ['1', '2', '3']) {
      const ran = await simWith({ DATABASE_URL: server!.url }, '--file', 'examples/drizzle-notes/crash-after-post-postgres.json', '--seed', seed, '--check-determinism', '--runs', '2');
      expect([seed, ran.code, ran.stderr]).toEqual([seed, 0, '']);
      expect(ran.stdout).toContain(`Determinism check passed: seed ${seed} ran twice in this process and once in each of 2 fresh processes`);
      expect(ran.stdout).toMatch(/ real +origin .*waited for a real socket/);
    }
  });

  // 10 runs a principle rather than 30: every run makes a database and every request a connection.
  it('in the world: the principles that apply hold, and the forgetful form breaks exactly-once and nothing else', async () => {
    const correct = await checkTarget(new URL('./apisim-postgres.config.ts', import.meta.url), { fcSeed: 1, runs: 10 });
    expect(correct.flatMap((v) => (v.result === undefined ? [] : [[v.principle, v.result.outcome]]))).toEqual(
      ['safe-methods', 'idempotent-methods', 'idempotent-resend', 'exactly-once', 'cache-coherence'].map((p) => [p, 'pass']),
    );
    const flawed = await checkTarget(new URL('./apisim-postgres-flawed.config.ts', import.meta.url), { fcSeed: 1, runs: 10 });
    expect(flawed.filter((v) => v.result?.failed === true).map((v) => v.principle)).toEqual(['exactly-once']);
  });

  it('over sockets: every check that applies passes, twice, each time on a new database', async () => {
    for (const time of ['first', 'second']) {
      const served = await serveFetch(await app.default());
      try {
        const ran = await apisimWith({}, 'conformance', '--config', 'examples/drizzle-notes/apisim-postgres.config.ts', '--base-url', served.url, '--json');
        expect([time, ran.code]).toEqual([time, 0]);
        const report = JSON.parse(ran.stdout) as { checks: { name: string; outcome: string; reason: string }[] };
        expect(Object.fromEntries(report.checks.map((c) => [c.name, c.outcome]))).toMatchObject({
          'notes/use-after-delete-404': 'pass', 'notes/put-idempotent': 'pass', 'notes/delete-idempotent': 'pass', 'notes/post-idempotency-key-once': 'pass',
        });
        // The first note of each run is note 1: the database the last run wrote to is gone.
        expect(report.checks.find((c) => c.name === 'notes/use-after-delete-404')!.reason).toBe('GET /notes/1 after DELETE answered 404');
      } finally {
        await served.close();
      }
    }
  });
});
