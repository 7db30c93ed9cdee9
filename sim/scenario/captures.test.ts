import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderSummary } from '../../api/cli/render/timeline.js';
import { allHeld, judge } from './expectations.js';
import { escapeText, fillJson, fillText, placeholderNames } from './placeholders.js';
import { runScenario } from './run.js';
import { parseScenario, type ScenarioInput, type StepInput } from './spec.js';

const noValue = (name: string): never => {
  throw new Error(`asked for {{${name}}}`);
};

describe('placeholders', () => {
  it('fill path and header text with the value\'s text, and a body string that is one placeholder with the value itself', () => {
    const values: Record<string, string | number> = { id: 3, token: 'abc' };
    const valueOf = (name: string) => values[name]!;
    expect(fillText('/notes/{{id}}?t={{ token }}', valueOf)).toBe('/notes/3?t=abc');
    expect(fillJson({ id: '{{id}}', label: 'note {{id}}', list: ['{{token}}', 1, null], '{{id}}': true }, valueOf))
      .toEqual({ id: 3, label: 'note 3', list: ['abc', 1, null], '{{id}}': true });
  });

  it('send an escaped placeholder as its text, and name only the unescaped ones', () => {
    expect(placeholderNames('\\{{a}} {{b}} {{ c }} {{1x}} {b}')).toEqual(['b', 'c']);
    expect(fillText('\\{{a}}', noValue)).toBe('{{a}}');
  });

  it('give back any text exactly once it is escaped', () => {
    const braces = fc.constantFrom('{{', '}}', '\\', '{{id}}', '\\{{id}}', '{{ x }}', 'a', ' ', '{', '}');
    fc.assert(fc.property(fc.array(fc.oneof(braces, fc.string()), { maxLength: 12 }).map((parts) => parts.join('')), (text) => {
      const escaped = escapeText(text);
      expect(placeholderNames(escaped)).toEqual([]);
      expect(fillText(escaped, noValue)).toBe(text);
    }));
  });
});

const login = (capture: StepInput['capture'], password = 'alice-pw'): StepInput =>
  ({ method: 'POST', path: '/tokens', auth: 'none', body: { username: 'alice', password }, capture });
const asAlice = { authorization: 'Bearer {{token}}' };
const problemsOf = (input: ScenarioInput): string => {
  try {
    parseScenario(input, 'my.json');
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('a scenario file with captures, when it is read', () => {
  it('refuses a name no earlier step captures, with the names near it', () => {
    const message = problemsOf({ steps: [login({ token: { from: 'body', pointer: '/access_token' } }), { method: 'GET', path: '/notes', auth: 'none', headers: { authorization: 'Bearer {{tokn}}' } }] });
    expect(message).toBe('invalid scenario (1 problem):\n  my.json: steps[1].headers.authorization: {{tokn}} is no capture of an earlier step (did you mean {{token}}?); to send the text itself, write \\{{tokn}}');
    expect(problemsOf({ steps: [{ method: 'GET', path: '/notes/{{id}}' }] })).toContain('steps[0].path: {{id}} is no capture of an earlier step (no earlier step captures anything)');
    expect(problemsOf({ steps: [{ method: 'GET', path: '/notes/\\{{id}}' }] })).toBe('');
  });

  it('refuses a name captured by the step itself or a later one, and a name captured twice', () => {
    const own = problemsOf({ steps: [{ method: 'GET', path: '/n', body: { a: '{{id}}' }, capture: { id: { from: 'header', name: 'x' } } }] });
    expect(own).toContain('steps[0].body: {{id}} is captured by this step\'s own answer, which comes after it is sent');
    const later = problemsOf({ steps: [{ method: 'GET', path: '/{{id}}' }, { method: 'GET', path: '/n', capture: { id: { from: 'header', name: 'x' } } }] });
    expect(later).toContain('steps[0].path: {{id}} is captured by steps[1], which comes after this step');
    const twice = problemsOf({ steps: [{ method: 'GET', path: '/n', capture: { id: { from: 'header', name: 'x' } } }, { method: 'GET', path: '/n', capture: { id: { from: 'cookie', name: 'sid' } } }] });
    expect(twice).toContain('steps[1].capture.id: "id" is captured by steps[0] already');
  });

  it('refuses a capture that reads from nowhere it knows, or has no name a placeholder can hold', () => {
    const message = problemsOf({ steps: [{ method: 'GET', path: '/n', capture: { 'a b': { from: 'header', name: 'x' }, q: { from: 'query', name: 'x' } as never, p: { from: 'body', pointer: 'token' } } }] });
    expect(message).toContain('steps[0].capture.a b: key must be a name of letters, digits');
    expect(message).toContain('steps[0].capture.q.from: Invalid discriminator value');
    expect(message).toContain('steps[0].capture.p.pointer: must be a JSON Pointer (RFC 6901)');
  });
});

describe('a run with captures', () => {
  const steps: StepInput[] = [
    login({ token: { from: 'body', pointer: '/access_token' } }),
    { method: 'POST', path: '/sessions', auth: 'none', body: { username: 'bob', password: 'bob-pw' }, capture: { sid: { from: 'cookie', name: 'sid' } } },
    { method: 'POST', path: '/notes', auth: 'none', headers: asAlice, body: { content: 'buy milk' },
      capture: { note: { from: 'header', name: 'Location' }, id: { from: 'body', pointer: '/id' } } },
    { method: 'GET', path: '{{note}}', auth: 'none', headers: asAlice },
    { method: 'PUT', path: '/notes/{{id}}', auth: 'none', headers: { cookie: 'sid={{sid}}' }, body: { content: 'note {{id}}' } },
    // The id is a number in the answer, and a string that is one placeholder sends it as one: not a note's content.
    { method: 'POST', path: '/notes', auth: 'none', headers: asAlice, body: { content: '{{id}}' } },
  ];

  it('sends each captured value where later steps name it, on every seed', async () => {
    for (const seed of [1, 2, 3]) {
      const run = await runScenario('captures', parseScenario({ steps }), { seed });
      expect(run.summary.map((s) => s.status)).toEqual([200, 201, 201, 200, 200, 422]);
      const [tokens, sessions, created, read, put, typed] = run.exchanges;
      const token = (JSON.parse(tokens!.response!.body!) as { access_token: string }).access_token;
      expect(created!.request.headers.authorization).toBe(`Bearer ${token}`);
      expect(read!.request.path).toBe(created!.response!.headers.location);
      expect(put!.request.headers.cookie).toBe(sessions!.response!.headers['set-cookie']!.split(';')[0]);
      expect(put!.request.path).toBe('/notes/1');
      expect(put!.request.body).toBe('{"content":"note 1"}');
      expect(typed!.request.body).toBe('{"content":1}');
      expect(judge(undefined, run)).toEqual([]);
    }
  });

  it('sends nothing for a step whose capture found nothing, and says which capture and why', async () => {
    const cases: [StepInput, string][] = [
      [login({ token: { from: 'body', pointer: '/access_token' } }, 'wrong'), 'step 1 (POST /tokens) could not capture: it was answered 401'],
      [login({ token: { from: 'body', pointer: '/token' } }), 'step 1 (POST /tokens) could not capture: it was answered with a body that has nothing at "/token"'],
      [login({ token: { from: 'header', name: 'x-token' } }), 'step 1 (POST /tokens) could not capture: it was answered with no x-token header'],
      [login({ token: { from: 'cookie', name: 'sid' } }), 'step 1 (POST /tokens) could not capture: it was answered with no cookie sid set'],
      [login({ token: { from: 'body', pointer: '' } }), 'step 1 (POST /tokens) could not capture: it was answered with an object at "", not a string, number or boolean'],
    ];
    for (const [first, why] of cases) {
      const run = await runScenario('missing', parseScenario({ steps: [first, { method: 'GET', path: '/notes', auth: 'none', headers: asAlice }] }), { seed: 1 });
      expect(run.summary[1]).toMatchObject({ status: null, attempts: 0, outcome: 'not-sent', notSent: `it needs {{token}}, which ${why}` });
      expect(run.exchanges).toHaveLength(1);
      const verdicts = judge(undefined, run);
      expect(allHeld(verdicts)).toBe(false);
      expect(verdicts.map((v) => `${v.expectation}: ${v.detail}`)).toEqual([`captures: step 2 (GET /notes) was not sent: it needs {{token}}, which ${why}`]);
    }
  });

  it('says so where a person reads a run: the statuses verdict, and what happened', async () => {
    const run = await runScenario('missing', parseScenario({ steps: [login({ token: { from: 'body', pointer: '/token' } }), { method: 'GET', path: '/notes', auth: 'none', headers: asAlice }] }), { seed: 1 });
    expect(judge({ statuses: [200, 200] }, run)[0]!.detail).toBe('expected [200, 200], got [200, null]: step 2 (GET /notes) was not sent, not 200');
    expect(renderSummary(run, 'replay')).toContain('GET /notes (step 2): not sent, since it needs {{token}}, which step 1 (POST /tokens) could not capture: it was answered with a body that has nothing at "/token".');
  });

  it('sends nothing after a login the lossy line answered never, nor before the login was answered', async () => {
    const lost = await runScenario('lost', parseScenario({
      topology: { wan: { faults: [{ rule: 'loss', probability: 1, applies: 'responses' }] } },
      steps: [login({ token: { from: 'body', pointer: '/access_token' } }), { method: 'GET', path: '/notes', auth: 'none', headers: asAlice }],
    }), { seed: 1 });
    expect(lost.summary[1]!.notSent).toBe('it needs {{token}}, which step 1 (POST /tokens) could not capture: it got no answer (the client gave up after 1 attempt)');
    const early = await runScenario('early', parseScenario({
      steps: [login({ token: { from: 'body', pointer: '/access_token' } }), { client: 'other', atUs: 1000, method: 'GET', path: '/notes', auth: 'none', headers: asAlice }],
    }), { seed: 1 });
    expect(early.summary[1]!.notSent).toBe('it needs {{token}}, which step 1 (POST /tokens) had not captured yet: it had no answer when this step started');
    expect(early.summary[0]!.status).toBe(200);
  });

  it('sends nothing whose path or header a captured value would break', async () => {
    const run = await runScenario('broken', parseScenario({
      steps: [
        login({ token: { from: 'body', pointer: '/token_type' }, expires: { from: 'body', pointer: '/expires_in' } }),
        { method: 'GET', path: '{{expires}}', auth: 'none' },
      ],
    }), { seed: 1 });
    expect(run.summary[1]!.notSent).toMatch(/^its path became "\d+", which is no path to send/);
  });

  it('sends an escaped placeholder as its text, in a file that captures nothing', async () => {
    const run = await runScenario('escaped', parseScenario({ steps: [{ method: 'GET', path: '/notes?q=\\{{x}}', headers: { 'x-q': '\\{{x}}' } }] }), { seed: 1 });
    expect([run.exchanges[0]!.request.path, run.exchanges[0]!.request.headers['x-q']]).toEqual(['/notes?q={{x}}', '{{x}}']);
  });

  it('sends nothing for a placeholder no step captures, in a spec built without parseScenario', async () => {
    const spec = parseScenario({ steps: [{ method: 'GET', path: '/notes' }] });
    const run = await runScenario('by hand', { ...spec, steps: [{ ...spec.steps[0]!, path: '/notes/{{id}}' }] }, { seed: 1 });
    expect(run.summary[0]).toMatchObject({ outcome: 'not-sent', notSent: 'it needs {{id}}, which no step captures' });
  });

  it('gives the first step of a client that could not send the next one\'s turn', async () => {
    const run = await runScenario('chain', parseScenario({
      steps: [login({ token: { from: 'body', pointer: '/nothing' } }), { method: 'GET', path: '/notes', auth: 'none', headers: asAlice }, { method: 'GET', path: '/notes', auth: 'none' }],
    }), { seed: 1 });
    expect(run.summary.map((s) => s.outcome)).toEqual(['response', 'not-sent', 'response']);
    expect(run.summary[2]!.status).toBe(401);
  });
});
