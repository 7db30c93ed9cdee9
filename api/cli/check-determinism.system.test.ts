import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sim, simWith } from './cli-process.js';

const hash = /[0-9a-f]{64}/;

describe('npm run sim -- --check-determinism', () => {
  it('passes on a built-in scenario: the usual output, byte for byte, and one line more', async () => {
    const plain = await sim('notes-unstable-post', '--seed', '3');
    const checked = await sim('notes-unstable-post', '--seed', '3', '--check-determinism');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toBe(
      `${plain.stdout}Determinism check passed: seed 3 ran twice in this process and once in each of 2 fresh processes, a fresh origin each time, and all 4 traces hash the same: all 21 traced events agree.\n`,
    );
  });

  it('passes on a deterministic app (a Hono factory), and --json says so', async () => {
    const { code, stdout, stderr } = await sim('--file', 'examples/scenarios/hono-notes.json', '--seed', '2', '--json', '--check-determinism');
    expect([code, stderr]).toEqual([0, '']);
    const doc = JSON.parse(stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ scenario: 'hono-notes', seed: 2, determinism: { runs: 4, freshProcesses: 2, identical: true } });
  });

  it('passes on an Express app instance, noting once on stderr that it is not a factory', async () => {
    const { code, stdout, stderr } = await sim('--file', 'examples/scenarios/express-notes.json', '--check-determinism', '--runs', '0');
    expect(code).toBe(0);
    expect(stdout).toMatch(/\nDeterminism check passed: seed 1 ran twice in this process, a fresh app each time, and both traces hash the same: all 46 traced events agree\.\n$/);
    expect(stderr).toBe(
      'sim: note: export "default" of ./express-notes.ts is an app, not a factory: each run imports ./express-notes.ts afresh to build a new one, ' +
        "but the modules it imports are loaded once and shared by the runs; a factory that builds all of the app's state is the sure way (docs/guest-world.md)\n",
    );
  });

  it('catches an app that draws from randomInt, which the world does not seed: the first event that differs and the cause', async () => {
    const { code, stdout, stderr } = await sim('--file', 'examples/scenarios/nondeterministic-app.json', '--seed', '1', '--check-determinism', '--runs', '0');
    expect([code, stderr]).toEqual([1, '']);
    const lines = stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'apisim · nondeterministic-app · seed 1 · --check-determinism',
      'Seed 1 ran twice in this process, a fresh app each time, and the runs differ:',
    ]);
    expect(lines[2]).toMatch(new RegExp(`^  run 1 \\(this process\\): 36 traced events, trace hash ${hash.source}$`));
    expect(lines[3]).toMatch(new RegExp(`^  run 2 \\(this process\\): 36 traced events, trace hash ${hash.source}$`));
    expect(lines[2]!.slice(-64)).not.toBe(lines[3]!.slice(-64));
    // Each request waits a random 1 to 400 ms once at the origin: the first answer whose wait differs (almost
    // always the first, event #6; the next one's when both runs drew the same first wait) is the first event to differ.
    expect(lines[5]).toMatch(/^The first event that differs between run 1 and run 2 is #\d+, at \d+\.000 ms in run 1 and \d+\.000 ms in run 2:$/);
    expect(lines[6]).toBe('            time ms  event   from → to          step.try  message                            bytes  note');
    expect(lines[7]).toMatch(/^ {2}run 1 +\d+\.000 {2}process origin {13}\d\.1 {7}200 ← GET \/quotes\/[A-Z]{4} {16}29 {2}handled in \d+\.000 ms$/);
    expect(lines[8]).toMatch(/^ {2}run 2 +\d+\.000 {2}process origin {13}\d\.1 {7}200 ← GET \/quotes\/[A-Z]{4} {16}29 {2}handled in \d+\.000 ms$/);
    expect(lines.slice(9)).toEqual([
      '',
      'Likely cause: the app called what the virtual world does not make repeatable:',
      "  - node:crypto's randomInt, called 3 times: random values the virtual world does not seed",
      '',
      'Replay: npm run sim -- --file examples/scenarios/nondeterministic-app.json --seed 1 --check-determinism',
      '',
    ]);
  });

  it('--json gives the same verdict as a document, and exits 1', async () => {
    const { code, stdout } = await sim('--file', 'examples/scenarios/nondeterministic-app.json', '--json', '--check-determinism', '--runs', '1');
    expect(code).toBe(1);
    const { determinism } = JSON.parse(stdout) as { determinism: Record<string, unknown> };
    expect(determinism).toMatchObject({
      runs: 3,
      freshProcesses: 1,
      identical: false,
      traceEvents: [36, 36, 36],
      firstDifference: { runs: [1, 2], inFreshProcess: false, run1: { line: expect.stringMatching(/process origin .* GET \/quotes\/[A-Z]{4}/) as unknown }, unseenEvents: null },
      likelyCause: { details: ["node:crypto's randomInt, called 3 times: random values the virtual world does not seed"] },
    });
  });

  it('names the usual suspects when the world saw nothing: here a warm-up kept at the module top level', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-'));
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }');
    // The first request in the process pays a 100 ms cold start; the flag outlives the run, outside the factory.
    await writeFile(join(dir, 'warm.ts'), `
      let warm = false;
      export default function createApp() {
        return {
          async fetch(): Promise<Response> {
            if (!warm) await new Promise((resolve) => setTimeout(resolve, 100));
            warm = true;
            return new Response('{}');
          },
        };
      }`);
    await writeFile(join(dir, 'warm.json'), JSON.stringify({ origin: { module: './warm.ts' }, steps: [{ method: 'GET', path: '/' }] }));
    const { code, stdout } = await sim('--file', join(dir, 'warm.json'), '--check-determinism', '--runs', '0');
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines.slice(5, 9)).toEqual([
      'The first event that differs between run 1 and run 2 is #6, at 175.000 ms in run 1 and 75.000 ms in run 2:',
      '            time ms  event   from → to          step.try  message                            bytes  note',
      '  run 1     175.000  process origin             1.1       200 ← GET /                            2  handled in 115.000 ms',
      '  run 2      75.000  process origin             1.1       200 ← GET /                            2  handled in 15.000 ms',
    ]);
    expect(lines.slice(10, 13)).toEqual([
      'Likely cause: nothing the virtual world could see; the usual suspects (docs/guest-world.md, "Limits: what cannot be made deterministic"):',
      "  - state kept at a module's top level, the app's own module included (only the factory runs again), carried from run 1 into run 2: a counter, a cache, a store",
      '  - code that took the real clocks, timers or random sources before the world was lent: a module that kept setTimeout, Date, performance.now or Math.random in a variable when first loaded',
    ]);
  });

  it('catches in a fresh process what one process decides once: a secret drawn at the top level of a module', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-'));
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }');
    // Drawn when the module loads, outside any world: real randomness, the same for both runs of one process.
    // Under 100 ms, so that no answer is late enough for the client to try again: the first difference is then
    // the answer itself, event #6.
    await writeFile(join(dir, 'secret.ts'), `
      const secret = Math.floor(Math.random() * 100);
      export default function createApp() {
        return { fetch: async () => { await new Promise((resolve) => setTimeout(resolve, 1 + secret)); return new Response('{}'); } };
      }`);
    await writeFile(join(dir, 'secret.json'), JSON.stringify({ origin: { module: './secret.ts' }, steps: [{ method: 'GET', path: '/' }] }));
    const { code, stdout } = await sim('--file', join(dir, 'secret.json'), '--check-determinism', '--runs', '3');
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[1]).toBe('Seed 1 ran twice in this process and once in each of 3 fresh processes, a fresh app each time, and the runs differ:');
    // Runs 1 and 2 share the process and its secret; a fresh process draws its own (the same one in 100: then a later process differs).
    expect(lines[2]!.slice(-64)).toBe(lines[3]!.slice(-64));
    expect(lines.find((line) => line.startsWith('The first event that differs'))).toMatch(/^The first event that differs between run 1 and run [345] is #6, /);
    expect(lines).toContain(
      'Likely cause: the runs in this process agree and a fresh process differs, so something is decided once a process; nothing the virtual world could see; the usual suspects (docs/guest-world.md, "Limits: what cannot be made deterministic"):',
    );
    expect(lines).toContain('  - a value decided once a process, when a module is first loaded or first used, and kept: a random secret or a time read at its top level, a real random source or clock read then');
  });

  it('passes an app that waits on real work (a lazy import, a Web Crypto digest, a file read, zlib), in this process and in fresh ones', async () => {
    for (const seed of ['1', '7']) {
      const { code, stdout, stderr } = await sim('--file', 'examples/scenarios/real-work-app.json', '--seed', seed, '--check-determinism', '--runs', '2');
      expect([code, stderr]).toEqual([0, '']);
      expect(stdout).toContain('  real    origin ');
      expect(stdout).toMatch(/\nDeterminism check passed: seed \d ran twice in this process and once in each of 2 fresh processes, a fresh app each time, and all 4 traces hash the same: all 102 traced events agree\.\n$/);
    }
  });

  it('refuses --runs without --check-determinism', async () => {
    const { code, stderr } = await sim('notes-unstable-post', '--runs', '3');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sim: --runs N is how many fresh processes --check-determinism runs the seed in: give it with --check-determinism\n/);
  });
});

describe("the module loader's file work is not the app's", () => {
  it('runs every example scenario with a cold tsx cache and again with it warm: the same exit code 0 and the same trace hash', async () => {
    const examples = (await readdir('examples/scenarios')).filter((name) => name.endsWith('.json'));
    expect(examples.length).toBeGreaterThanOrEqual(5);
    // tsx keeps its cache under os.tmpdir(), which TMPDIR moves: a fresh folder is a machine that never ran tsx.
    const cacheHome = await mkdtemp(join(tmpdir(), 'apisim-tsx-cache-'));
    for (const example of examples) {
      const hashes = [];
      for (const cache of ['cold', 'warm']) {
        const { code, stdout, stderr } = await simWith({ TMPDIR: cacheHome }, '--file', `examples/scenarios/${example}`, '--json');
        expect([example, cache, code, stderr]).toEqual([example, cache, 0, '']);
        hashes.push((JSON.parse(stdout) as { traceHash: string }).traceHash);
      }
      // nondeterministic-app differs from run to run on purpose, cache or not.
      if (example !== 'nondeterministic-app.json') expect([example, hashes[1]]).toEqual([example, hashes[0]]);
    }
    // The cache was written: the first runs did compile the examples.
    expect((await readdir(cacheHome)).some((name) => name.startsWith('tsx-'))).toBe(true);
  });
});
