import { Buffer } from 'node:buffer';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { sim } from '../cli-process.js';
import { describe, expect, it } from 'vitest';
import { persistedGetPath } from '../../../src/graph/persisted/persisted-get-path.js';
import { sha256Hex } from '../../../src/graph/persisted/sha256-hex.js';
import { runScenario } from '../../../sim/scenario/run.js';
import { prettyJson } from './graph-json-text.js';
import { type GraphOptions, GraphUsageError, parseGraphOptions } from './graph-options.js';
import { answerCell, graphAnswer, statusMeaning } from './graph-outcome.js';
import { replayCommand, shellQuote } from './graph-replay.js';
import { renderGraphReport } from './graph-report.js';
import { graphPlan, graphScenarioName } from './graph-scenario.js';
import { response } from '../../../src/http/message.js';

const exec = promisify(execFile);

/** The spec's nested sample (§4 Area C), written as the spec writes it. */
const nestedSample = '{ user(id: "1") { name posts(limit: 5) { title comments { body author { name } } author { name } } } }';

const noFiles = (path: string): string => {
  throw Object.assign(new Error(`no ${path}`), { code: 'ENOENT' });
};
const parse = (...argv: string[]) => parseGraphOptions(argv, noFiles) as GraphOptions;

function usageErrorOf(argv: string[], readText = noFiles): string {
  try {
    parseGraphOptions(argv, readText);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphUsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(argv)}`);
}


describe('graph options', () => {
  it('defaults to alice\'s session, one POST, seed 1', () => {
    expect(parse('--query', '{ user(id: 1) { name } }')).toEqual({
      query: '{ user(id: 1) { name } }', queryArgument: '{ user(id: 1) { name } }', variables: undefined, operationName: undefined,
      credential: 'session:alice', asArgument: undefined, persisted: false, limits: undefined, budget: undefined, seed: 1, json: false, timeline: false,
    });
  });

  it('takes a user name or a full credential for --as', () => {
    expect(parse('--query', 'q', '--as', 'sam').credential).toBe('session:sam');
    expect(parse('--query', 'q', '--as', 'token:bob').credential).toBe('token:bob');
    expect(parse('--query', 'q', '--as', 'none').credential).toBe('none');
    expect(parse('--query', 'q', '--as', 'expired-token:alice').credential).toBe('expired-token:alice');
  });

  it('reads --query @file through the reader it is given', () => {
    const read = parseGraphOptions(['--query', '@q.graphql'], (path) => (path === 'q.graphql' ? '{ user(id: 2) { name } }' : noFiles(path)));
    expect(read).toMatchObject({ query: '{ user(id: 2) { name } }', queryArgument: '@q.graphql' });
  });

  it('parses variables and limits as JSON objects', () => {
    const options = parse('--query', 'q', '--variables', '{"id": "1", "n": 2}', '--limits', '{"maxDepth": "unlimited"}', '--seed', '7', '--persisted');
    expect(options).toMatchObject({ variables: { id: '1', n: 2 }, limits: { maxDepth: 'unlimited' }, seed: 7, persisted: true });
  });

  it.each([
    [['--query', 'q', '--variables', '{"id": 1'], /^--variables is not valid JSON \(.+\); write an object like '\{"id": "1"\}'$/],
    [['--query', 'q', '--variables', '[1]'], /^--variables must be a JSON object .*, got an array$/],
    [['--query', 'q', '--variables', 'null'], /got null$/],
    [['--query', 'q', '--variables', '3'], /got a number$/],
    [['--query', 'q', '--limits', '"unlimited"'], /^--limits must be a JSON object .*, got a string$/],
    [['--query', 'q', '--as', 'mallory'], /^--as mallory: no such user; the demo users are alice, bob, carol, sam/],
    [['--query', 'q', '--as', 'cookie:bob'], /^--as cookie:bob: unknown credential kind; use session, token,/],
    [['--query', 'q', '--as', 'token:mallory'], /no such user/],
    [['--variables', '{}'], /^--query is required/],
    [['--query', '   '], /^--query is empty$/],
    [['--query', '@missing.graphql'], /^--query: cannot read missing\.graphql: ENOENT$/],
    [['--query', 'q', '--seed', '1.5'], /^--seed must be a whole number, 0 or more, got "1.5"$/],
    [['--query', 'q', '--json', '--timeline'], /choose one/],
    [['--query', 'q', 'extra'], /^unexpected argument "extra"/],
    [['--query', 'q', '--colour'], /^unknown option "--colour"$/],
    [['--qeury', 'q'], /^unknown option "--qeury"; did you mean --query\?$/],
    [['--query'], /^--query needs a value, e\.g\. --query '\{ user\(id: 1\) \{ name \} \}'$/],
  ])('refuses %j', (argv, message) => {
    expect(usageErrorOf(argv)).toMatch(message);
  });

  it('answers --help with "help"', () => {
    expect(parseGraphOptions(['--help'], noFiles)).toBe('help');
  });
});

describe('the scenario the command runs', () => {
  it('is one POST /graphql with the query, operation name and variables, sent as the chosen user', () => {
    const { spec, stepLabels } = graphPlan(parse('--query', 'query Q($id: ID!) { user(id: $id) { name } }', '--variables', '{"id":"2"}', '--operation-name', 'Q', '--as', 'token:bob'));
    expect(spec.auth).toBe('token:bob');
    expect(spec.steps).toEqual([
      expect.objectContaining({ method: 'POST', path: '/graphql', body: { query: 'query Q($id: ID!) { user(id: $id) { name } }', operationName: 'Q', variables: { id: '2' } } }),
    ]);
    expect(stepLabels).toEqual(['POST /graphql']);
  });

  it('sends only the query when that is all it was given', () => {
    expect(graphPlan(parse('--query', nestedSample)).spec.steps[0]!.body).toEqual({ query: nestedSample });
  });

  it('puts --limits into the scenario\'s graph limits, "unlimited" included', () => {
    expect(graphPlan(parse('--query', 'q', '--limits', '{"maxDepth":3,"maxCost":"unlimited"}')).spec.graph.limits).toEqual({ maxDepth: 3, maxCost: 'unlimited' });
  });

  it('switches the cost budget off with "maxCost": "unlimited", unless --budget says what it is', () => {
    const graph = (...argv: string[]) => graphPlan(parse('--query', 'q', ...argv)).spec.graph;
    expect(graph('--limits', '{"maxCost":"unlimited"}').costBudget).toEqual({ maximumAvailable: 'unlimited' });
    expect(graph('--limits', '{"maxCost":2000}').costBudget).toEqual({});
    expect(graph('--limits', '{"maxCost":"unlimited"}', '--budget', '{"maximumAvailable":1000}').costBudget).toEqual({ maximumAvailable: 1000 });
    expect(graph('--budget', '{"maximumAvailable":"unlimited","restoreRate":5}')).toMatchObject({ limits: {}, costBudget: { maximumAvailable: 'unlimited', restoreRate: 5 } });
    expect(graph().costBudget).toEqual({});
  });

  it('sends a field given to the wrong flag to the right one', () => {
    const messageOf = (...argv: string[]) => {
      try {
        graphPlan(parse('--query', 'q', ...argv));
      } catch (error) {
        expect(error).toBeInstanceOf(GraphUsageError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(messageOf('--limits', '{"restoreRate":2}')).toBe('invalid --limits (1 problem):\n  unknown field "restoreRate" ("restoreRate" belongs in --budget \'{"restoreRate": …}\')');
    expect(messageOf('--budget', '{"restoreRate":0,"maxCost":3}'))
      .toBe('invalid --budget (2 problems):\n  restoreRate: Too small: expected number to be >0, got 0\n  unknown field "maxCost" ("maxCost" belongs in --limits \'{"maxCost": …}\')');
  });

  it('reports a bad --limits with the scenario schema\'s own messages, per field', () => {
    let message = '';
    try {
      graphPlan(parse('--query', 'q', '--limits', '{"maxDepth":-1,"maxDeep":3}'));
    } catch (error) {
      expect(error).toBeInstanceOf(GraphUsageError);
      message = (error as Error).message;
    }
    expect(message).toBe('invalid --limits (2 problems):\n  maxDepth: Too small: expected number to be >=0, got -1\n  unknown field "maxDeep"');
  });

  it('is Apollo\'s persisted-query flow with --persisted: GET by hash, POST to register, GET by hash twice', () => {
    const query = 'query S($id: ID!) { user(id: $id) { name } }';
    const { spec, stepLabels } = graphPlan(parse('--query', query, '--variables', '{"id":"1"}', '--operation-name', 'S', '--persisted'));
    const byHash = persistedGetPath(query, 'S', { id: '1' });
    expect(spec.steps.map((s) => [s.method, s.path])).toEqual([['GET', byHash], ['POST', '/graphql'], ['GET', byHash], ['GET', byHash]]);
    expect(spec.steps[1]!.body).toEqual({ operationName: 'S', variables: { id: '1' }, extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } }, query });
    expect(stepLabels).toEqual(['GET by hash', 'POST hash + query (registers it)', 'GET by hash', 'GET by hash again']);
  });
});

describe('the replay command', () => {
  it('quotes for a POSIX shell: what sh reads back is what was quoted', async () => {
    const args = ['plain', '', "it's", "'", '$HOME `id` "x" \\n', 'two\nlines', '{ user(id: "1") { name } } # alice\'s', '--as'];
    const { stdout } = await exec('sh', ['-c', `printf '%s\\0' ${args.map(shellQuote).join(' ')}`]);
    expect(stdout.split('\0').slice(0, -1)).toEqual(args);
    expect(shellQuote('token:bob')).toBe('token:bob');
  });

  it('names only what was given, JSON compacted, and always the seed', () => {
    expect(replayCommand(parse('--query', '{ user(id: 1) { name } }'))).toBe("npm run sim -- graph --query '{ user(id: 1) { name } }' --seed 1");
    const withFile = (...argv: string[]) => parseGraphOptions(argv, () => '{ user(id: 1) { name } }') as GraphOptions;
    expect(replayCommand(withFile('--query', '@q.graphql', '--variables', '{ "id": "1" }', '--as', 'bob', '--persisted', '--limits', '{"maxDepth": 3}', '--budget', '{ "restoreRate": 5 }', '--seed', '4', '--timeline')))
      .toBe('npm run sim -- graph --query @q.graphql --variables \'{"id":"1"}\' --as bob --persisted --limits \'{"maxDepth":3}\' --budget \'{"restoreRate":5}\' --seed 4');
  });
});

describe('reading a graph response', () => {
  const graphBody = (status: number, body: object) => response(status, { 'content-type': 'application/graphql-response+json' }, JSON.stringify(body));

  it('tells data, partial failure, rejection, the APQ miss and a gate\'s refusal apart', () => {
    const data = graphAnswer(graphBody(200, { data: { user: { name: 'Alice' } } }));
    expect(statusMeaning(200, data)).toBe('200 OK: executed; data holds exactly the fields asked for');

    const partial = graphAnswer(graphBody(200, {
      errors: [{ message: 'limit must be between 0 and 50, got 51.', locations: [{ line: 1, column: 55 }], path: ['failed', 'posts', 0], extensions: { code: 'BAD_USER_INPUT' } }],
      data: { failed: null },
    }));
    expect(partial).toEqual({ kind: 'partial', errors: [{ code: 'BAD_USER_INPUT', message: 'limit must be between 0 and 50, got 51.', path: 'failed.posts[0]', location: 'line 1, column 55' }] });
    expect(statusMeaning(200, partial)).toMatch(/^200 OK: partial failure: 1 error/);
    expect(answerCell(partial)).toBe('partial, 1 error');

    const rejected = graphAnswer(graphBody(400, { errors: [{ message: 'too deep', extensions: { code: 'QUERY_TOO_DEEP' } }] }));
    expect(statusMeaning(400, rejected)).toBe('400 Bad Request: rejected before execution; no resolver ran');
    expect(answerCell(rejected)).toBe('rejected: QUERY_TOO_DEEP');

    const miss = graphAnswer(graphBody(200, { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }));
    expect(statusMeaning(200, miss)).toMatch(/does not know this hash yet/);
    expect(answerCell(miss)).toBe('PERSISTED_QUERY_NOT_FOUND');

    const refused = graphAnswer(response(401, {}, JSON.stringify({ title: 'Unauthorized', status: 401, detail: 'Authentication required: no credential.' })));
    expect(statusMeaning(401, refused)).toBe('401 Unauthorized: gate 1 could not tell who is calling (Authentication required: no credential.)');
    expect(statusMeaning(null, graphAnswer(undefined))).toMatch(/^No response/);
  });

  it('prints JSON compactly where it fits, and it stays the same JSON', () => {
    const value = { data: { user: { name: 'Alice', posts: [{ title: 'a'.repeat(90) }, { title: 'b' }] } } };
    const text = prettyJson(value, 60);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toContain('{ "title": "b" }');
    expect(text.split('\n').length).toBeGreaterThan(3);
    expect(prettyJson({ a: [] })).toBe('{ "a": [] }');
  });
});

describe('the report', () => {
  async function report(...argv: string[]) {
    const options = parse(...argv);
    const plan = graphPlan(options);
    return renderGraphReport({ options, plan, result: await runScenario(graphScenarioName, plan.spec, { seed: options.seed }) });
  }

  it('lists the failed paths of a partial failure above the body', async () => {
    const text = await report('--query', '{ ok: user(id: 1) { name } failed: user(id: 2) { name posts(limit: 51) { title } } }');
    expect(text).toContain('200 OK: partial failure: 1 error');
    expect(text).toContain('These fields failed (null in data); the others resolved:\n  failed.posts: BAD_USER_INPUT: limit must be between 0 and 50, got 51. (line 1, column 55)');
    expect(text.indexOf('failed.posts:')).toBeLessThan(text.indexOf('"data"'));
  });

  it('shows a rejection\'s errors and codes first, and says nothing ran', async () => {
    const text = await report('--query', '{ user(id: 1) { name posts { title } } }', '--limits', '{"maxDepth":1}');
    const lines = text.split('\n');
    expect(lines[0]).toBe('apisim graph · as alice (session cookie) · one POST /graphql · limits {"maxDepth":1} · seed 1');
    expect(lines.slice(2, 6)).toEqual([
      '400 Bad Request: rejected before execution; no resolver ran', '', 'Error:', expect.stringMatching(/^ {2}QUERY_TOO_DEEP: .+ \(line 1, column 1\)$/),
    ]);
    expect(text).toMatch(/^ {2}1 {2}POST \/graphql {5}400 {2}rejected: QUERY_TOO_DEEP {2}passed through/m);
  });
});

describe('npm run sim -- graph', () => {
  it('runs the spec\'s nested sample in one round trip, taking exactly what the timing model says', async () => {
    const { code, stdout } = await sim('graph', '--query', nestedSample, '--json');
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as { status: number; response: { data: { user: { name: string } } }; requestBytes: number; responseBytes: number; latencyMs: number; attempts: number; replay: string };
    expect(doc.status).toBe(200);
    expect(doc.response.data.user.name).toBe('Alice');
    // Sizes are the UTF-8 bytes of the JSON bodies: the request is {"query": ...}, the response as received.
    const requestBytes = Buffer.byteLength(JSON.stringify({ query: nestedSample }), 'utf8');
    const responseBytes = Buffer.byteLength(JSON.stringify(doc.response), 'utf8');
    expect(doc.requestBytes).toBe(requestBytes);
    expect(doc.responseBytes).toBe(responseBytes);
    // 60 ms to the cache, 15 ms at the origin, 60 ms back (the LAN has no delay), and 4 µs per byte on the
    // 2 Mbit/s WAN in both directions: the POST's body is transmitted too (0.464 ms for its 116 bytes).
    const latencyUs = 60_000 + 15_000 + 60_000 + 4 * requestBytes + 4 * responseBytes;
    expect(doc.latencyMs).toBe(latencyUs / 1000);
    expect(doc.attempts).toBe(1);
    expect(doc.replay).toBe(`npm run sim -- graph --query '${nestedSample}' --seed 1`);

    const text = await sim('graph', '--query', nestedSample);
    expect(text.stdout).toContain('200 OK: executed; data holds exactly the fields asked for');
    expect(text.stdout).toContain(`Latency: ${(latencyUs / 1000).toFixed(3)} ms = 120.000 ms in flight (60.000 ms each way) + 15.000 ms at the origin + ` +
      `${((4 * requestBytes) / 1000).toFixed(3)} ms sending ${requestBytes} B + ${((4 * responseBytes) / 1000).toFixed(3)} ms receiving ${responseBytes} B`);
  });

  it('--persisted ends with the shared cache answering the GET by hash', async () => {
    const { code, stdout } = await sim('graph', '--query', nestedSample, '--persisted', '--as', 'bob');
    expect(code).toBe(0);
    expect(stdout).toContain('Last GET by hash (answered by the shared cache):\n200 OK: executed');
    const rows = stdout.split('\n').filter((line) => /^ {2}\d {2}/.test(line));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/GET by hash\s+200\s+PERSISTED_QUERY_NOT_FOUND\s+miss, not stored/);
    expect(rows[1]).toMatch(/POST hash \+ query \(registers it\)\s+200\s+data\s+passed through/);
    expect(rows[2]).toMatch(/GET by hash\s+200\s+data\s+miss, stored max-age=60/);
    expect(rows[3]).toMatch(/GET by hash again\s+200\s+data\s+hit age=0\s+0\s+\d+\s+\d+\.\d{3}$/);
    expect(stdout).toContain('0 ms at the origin (the cache answered)');
  });

  it('prints a replay command that, pasted into a shell, runs the same run', async () => {
    const document = "query Mine { user(id: 1) { name } } # alice's, with a $ and a `backtick`";
    const first = JSON.parse((await sim('graph', '--query', document, '--as', 'carol', '--limits', '{"maxCost":20}', '--json')).stdout) as { replay: string; traceHash: string };
    const command = first.replay.replace(/^npm run sim -- /, `${process.execPath} --import tsx api/cli/sim.ts `);
    const again = JSON.parse((await exec('sh', ['-c', `${command} --json`])).stdout) as { replay: string; traceHash: string };
    expect(again).toEqual(first);
  });

  it('runs a query above the 1000-point budget with docs/service.md\'s own --limits \'{"maxCost": "unlimited"}\'', async () => {
    const readme = await readFile(new URL('../../../docs/service.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `--limits'));
    const unlimited = /`'(\{"maxCost": "unlimited"\})'`/.exec(row ?? '')?.[1];
    expect(unlimited, row).toBeDefined();
    // 1 user + 50 posts × (1 post + 10 comments × (1 comment + 1 author)) = 1051 points: over the whole budget.
    const costly = '{ user(id: "1") { name posts(limit: 50) { title comments { body author { name } } } } }';
    const run = await sim('graph', '--query', costly, '--limits', unlimited!, '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 200, response: { data: { user: { name: 'Alice' } } } });
    expect((JSON.parse(run.stdout) as { response: object }).response).not.toHaveProperty('errors');
    const capped = await sim('graph', '--query', costly, '--limits', unlimited!, '--budget', '{"maximumAvailable": 1000}', '--json');
    expect(JSON.parse(capped.stdout)).toMatchObject({ status: 400 });
  });

  it('refuses malformed variables with exit code 2 and no stack trace', async () => {
    const { code, stderr } = await sim('graph', '--query', '{ user(id: 1) { name } }', '--variables', '{"id": 1');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sim graph: --variables is not valid JSON/);
    expect(stderr).toContain('Usage:\n  npm run sim -- graph --query');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
