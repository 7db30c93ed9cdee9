import { describe, expect, it } from 'vitest';
import { apisimWith, simWith } from '../api/cli/cli-process.js';
import { installAddon } from './sqlite-notes/addon-install.js';

// better-sqlite3 is installed for its example, once a machine (examples/sqlite-notes/addon-install.ts).
const addon = await installAddon();

/**
 * The apps that keep their data in a database in the process (docs/databases.md): each seed replays in fresh
 * processes, and the conformance checks that apply end with no error on a lossy line. The full measurement
 * (20 seeds, --runs 5) is in docs/databases.md; here, 3 seeds and 2 fresh processes, since every process
 * starts its database anew (PGlite takes seconds).
 */
const apps = [
  { name: 'Drizzle on PGlite', scenario: 'examples/drizzle-notes/crash-after-post.json', config: 'examples/drizzle-notes/apisim.config.ts' },
  { name: addon.ready ? 'better-sqlite3' : `better-sqlite3: NOT RUN, ${addon.why}`, skip: !addon.ready, scenario: 'examples/sqlite-notes/crash-after-post.json', config: 'examples/sqlite-notes/apisim.config.ts' },
];

describe.each(apps)('$name', ({ scenario, config, skip }) => {
  if (skip === true) {
    it.skip('not installed', () => {});
    return;
  }
  it('--check-determinism --runs 2 passes on seeds 1 to 3: a crash, a restart on the database, a lossy line', async () => {
    for (const seed of ['1', '2', '3']) {
      const ran = await simWith({}, '--file', scenario, '--seed', seed, '--check-determinism', '--runs', '2');
      expect([seed, ran.code, ran.stderr]).toEqual([seed, 0, '']);
      expect(ran.stdout).toMatch(new RegExp(`Determinism check passed: seed ${seed} ran twice in this process and once in each of 2 fresh processes, a fresh app each time, and all 4 traces hash the same`));
    }
  });

  it('conformance on the lossy line and the crash line: what applies passes, nothing errs', async () => {
    for (const line of ['lossy', 'crash']) {
      const ran = await apisimWith({}, 'conformance', '--config', config, '--line', line, '--json');
      expect([line, ran.code]).toEqual([line, 0]);
      const report = JSON.parse(ran.stdout) as { summary: { pass: number; fail: number; error: number; unrun: number } };
      expect([line, report.summary]).toMatchObject([line, { pass: 5, fail: 0, error: 0, unrun: 0 }]);
    }
  });
});
