import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sim } from './cli-process.js';
import { describe, expect, it } from 'vitest';


describe('npm run sim', () => {
  it('--list names every scenario with one line each', async () => {
    const { code, stdout } = await sim('--list');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^notes-unstable-post {2,}POST \/notes once on an unstable line/m);
  });

  it('prints a timeline, the duplicate note, the trace hash and the replay command', async () => {
    const { code, stdout } = await sim('notes-unstable-post', '--seed', '1');
    expect(code).toBe(0);
    expect(stdout).toMatch(/135\.204 {2}LOST {4}cache → client {5}1\.1 {7}201 ← POST \/notes/);
    expect(stdout).toMatch(/500\.000 {2}RE-SEND client/);
    expect(stdout).toContain('Final state at the origin: 2 notes');
    expect(stdout).toMatch(/Trace hash [0-9a-f]{64}/);
    expect(stdout).toContain('Replay: npm run sim -- notes-unstable-post --seed 1');
    expect(stdout).toContain('Expectations: all 2 held.'); // the built-in's own: its status and its two notes
  });

  it('--json prints the machine-readable summary', async () => {
    const { code, stdout } = await sim('notes-unstable-put', '--seed', '3', '--json');
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ scenario: 'notes-unstable-put', seed: 3, finalState: { notesCount: 1 } });
    expect(doc.traceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.exchanges).toEqual([
      { step: 1, client: 'client', auth: 'session:alice', method: 'PUT', path: '/notes/1', status: 200, attempts: 2, latencyMs: 635.228, requestBytes: 25, responseBytes: 32, outcome: 'response' },
      { step: 2, client: 'client', auth: 'session:alice', method: 'GET', path: '/notes/1', status: 200, attempts: 2, latencyMs: 620.128, requestBytes: 0, responseBytes: 32, outcome: 'response' }, // the re-send is a cache hit
    ]);
  });

  it('--trace-out writes a Chrome trace-event file beside the usual output', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'apisim-')), 'run.json');
    const { code, stdout, stderr } = await sim('notes-unstable-post', '--seed', '1', '--json', '--trace-out', out);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ scenario: 'notes-unstable-post' }); // stdout is still one JSON document
    expect(stderr).toContain(`Wrote the Chrome trace to ${out}`);
    const trace = JSON.parse(await readFile(out, 'utf8')) as { traceEvents: { name: string; ph: string }[] };
    expect(trace.traceEvents.some((e) => e.ph === 'i' && /LOST/.test(e.name))).toBe(true);
  });

  it('--bodies prints what was said after the timeline; with --json each exchange carries it; the trace too', async () => {
    const text = await sim('--file', 'examples/scenarios/flaky-line.json', '--bodies');
    expect(text.code).toBe(0);
    const messages = text.stdout.indexOf('\nMessages (');
    expect(messages).toBeGreaterThan(text.stdout.indexOf('answer to attempt')); // after the timeline
    expect(messages).toBeLessThan(text.stdout.indexOf('\nExchanges ('));
    // The 400 in step 5, explained by its own body.
    expect(text.stdout).toMatch(/step 5 · bob · PUT \/notes\/2\n[\s\S]*?< 400\n< content-type: application\/problem\+json\n[\s\S]*?< \{"type":"\/problems\/malformed-json"/);

    const out = join(await mkdtemp(join(tmpdir(), 'apisim-')), 'run.json');
    const json = await sim('--file', 'examples/scenarios/flaky-line.json', '--json', '--bodies', '--trace-out', out);
    const doc = JSON.parse(json.stdout) as { exchanges: { status: number; request: { body: string | null }; response: { headers: Record<string, string>; body: string } }[] };
    expect(doc.exchanges[4]).toMatchObject({ status: 400, request: { body: '{"content": ' }, response: { headers: { 'content-type': 'application/problem+json' } } });
    expect(JSON.parse(doc.exchanges[4]!.response.body)).toMatchObject({ type: '/problems/malformed-json', status: 400 });
    const plain = JSON.parse((await sim('--file', 'examples/scenarios/flaky-line.json', '--json')).stdout) as { exchanges: object[] };
    expect(plain.exchanges[4]).not.toHaveProperty('response'); // the default document stays a summary
    const trace = JSON.parse(await readFile(out, 'utf8')) as { traceEvents: { name: string; args?: Record<string, unknown> }[] };
    expect(trace.traceEvents.some((e) => e.name.startsWith('done ') && String(e.args?.response_body).includes('malformed-json'))).toBe(true);
  });

  it('--file runs a user scenario, and a bad one gets a precise error and no stack trace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-'));
    const good = join(dir, 'mine.json');
    await writeFile(good, JSON.stringify({ modes: { line: 'unstable', client: { policy: 'naive' } }, steps: [{ method: 'POST', path: '/notes', body: { content: 'x' } }] }));
    const ok = await sim('--file', good, '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ scenario: 'mine', finalState: { notesCount: 2 } });

    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ steps: [{ method: 'POST', path: '/notes', wait: 5 }] }));
    const refused = await sim('--file', bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${bad}: steps[0]: unknown field "wait"`);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });

  it('a file\'s "expect" block is judged: a failed expectation exits 1 and says what was expected and what happened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-'));
    const file = join(dir, 'expects.json');
    const steps = [{ method: 'POST', path: '/notes', body: { content: 'x' } }];
    await writeFile(file, JSON.stringify({ modes: { line: 'unstable', client: { policy: 'naive' } }, steps, expect: { statuses: [201], notes: 1 } }));
    const failed = await sim('--file', file);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('Expectations: 1 of 2 FAILED.');
    expect(failed.stdout).toMatch(/^ {2}held {4}statuses: each step got its status: \[201\]$/m);
    expect(failed.stdout).toMatch(/^ {2}FAILED {2}notes: expected 1, got 2 notes at the end$/m);

    const json = await sim('--file', file, '--json');
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as { expectations: unknown }).expectations).toEqual([
      { expectation: 'statuses', held: true, expected: [201], actual: [201], detail: 'each step got its status: [201]' },
      { expectation: 'notes', held: false, expected: 1, actual: 2, detail: 'expected 1, got 2 notes at the end' },
    ]);

    await writeFile(file, JSON.stringify({ modes: { line: 'unstable', client: { policy: 'naive' } }, steps, expect: { statuses: [201], notes: 2 } }));
    const held = await sim('--file', file);
    expect(held.code).toBe(0);
    expect(held.stdout).toContain('Expectations: all 2 held.');
  });

  it('without an "expect" block a run exits 0 and says, in one line, that nothing was expected', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-'));
    const file = join(dir, 'plain.json');
    await writeFile(file, JSON.stringify({ steps: [{ method: 'GET', path: '/notes/1' }] }));
    const { code, stdout } = await sim('--file', file);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter((line) => line.startsWith('Expectations'))).toEqual(['Expectations: none (the scenario has no "expect" block).']);
  });

  it.each([
    [['no-such-scenario'], 'unknown scenario "no-such-scenario"; `npm run sim -- --list` shows them all'],
    [['notes-unstabel-post'], 'unknown scenario "notes-unstabel-post" (did you mean notes-unstable-post?)'],
    [['notes-stable-put', '--seed', 'abc'], '--seed must be a whole number, 0 or more, got "abc"'],
    [['notes-stable-put', '--seed', '-1'], '--seed must be a whole number, 0 or more, got "-1"'],
    [['notes-stable-put', '--seed'], '--seed needs a value, e.g. --seed 1'],
    [['--file', '--seed', '1'], '--file needs a value, e.g. --file my.json'],
    [['notes-stable-put', '--sed', '1'], 'unknown option "--sed"; did you mean --seed?'],
    [['notes-stable-put', '--colour'], 'unknown option "--colour"'],
    [['notes-stable-put', '--json=yes'], '--json takes no value, got "--json=yes"'],
    [['--file', '/nonexistent/x.json'], 'cannot read /nonexistent/x.json: ENOENT'],
    [[], 'nothing to run: name a built-in scenario (npm run sim -- notes-unstable-post), give your own with --file my.json, or see the built-ins with --list'],
    [['notes-stable-put', '--file', 'x.json'], 'name one scenario or give --file, not both'],
  ])('refuses %j with exit code 2, in our own words, without a stack', async (args, message) => {
    const { code, stderr } = await sim(...args);
    expect(code).toBe(2);
    expect(stderr.startsWith(`sim: ${message}`)).toBe(true); // the first words say what was wrong

    expect(stderr).not.toMatch(/\n\s+at |ERR_PARSE_ARGS|ambiguous/);
  });

  it('--trace-out into a folder that does not exist is refused before the run, in one line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-'));
    const { code, stdout, stderr } = await sim('notes-unstable-post', '--trace-out', join(dir, 'missing', 'run.json'));
    expect(code).toBe(2);
    expect(stdout).toBe(''); // nothing ran
    expect(stderr).toBe(`sim: --trace-out ${join(dir, 'missing', 'run.json')}: the folder ${join(dir, 'missing')} does not exist; create it first, or name a file in a folder that does\n`);
    const folder = await sim('notes-unstable-post', '--trace-out', dir);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toBe(`sim: --trace-out ${dir}: that is a folder; name a file in it, e.g. ${dir}/run.json\n`);
  });

  it('a scenario file that starts with a byte order mark runs; invalid JSON is told with its line and column', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apisim-'));
    const bom = join(dir, 'bom.json');
    await writeFile(bom, `\uFEFF${JSON.stringify({ steps: [{ method: 'GET', path: '/notes/1' }] })}`);
    const ran = await sim('--file', bom, '--json');
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ scenario: 'bom' });

    // V8's own message names no position for either of these; the error still does.
    const token = join(dir, 'token.json');
    await writeFile(token, '{\n  "steps": [\n    x\n  ]\n}\n');
    const refused = await sim('--file', token);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`^sim: ${token.replace(/[.\\/]/g, '\\$&')} is not valid JSON \\(line 3, column 5\\): `));
    const cut = join(dir, 'cut.json');
    await writeFile(cut, '\uFEFF{\n  "steps": [');
    const truncated = await sim('--file', cut);
    expect(truncated.code).toBe(2);
    expect(truncated.stderr).toContain(`${cut} is not valid JSON (line 2, column 13, the end of the text): Unexpected end of JSON input`);
  });
});
