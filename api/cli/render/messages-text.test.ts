import { describe, expect, it } from 'vitest';
import { builtin } from '../../../sim/scenario/resolve.js';
import { runScenario } from '../../../sim/scenario/run.js';
import { exchangeMessages, type ExchangeMessages } from './exchange-messages.js';
import { withBodies } from './json-bodies.js';
import { jsonSummary } from './json-summary.js';
import { bodyShownChars, cutBody, renderMessages } from './messages-text.js';

async function run(name: string, seed = 1) {
  const { spec } = builtin(name, seed);
  return runScenario(name, spec, { seed });
}

describe('--bodies: what was said', () => {
  it('shows each step\'s request and response, headers and bodies, marked as curl -v marks them', async () => {
    const text = renderMessages(exchangeMessages(await run('notes-unstable-post')));
    expect(text).toContain('step 1 · client · POST /notes');
    expect(text).toMatch(/^> cookie: sid=/m);
    expect(text).toContain('> content-type: application/json\n>\n> {"content":"buy milk"}');
    expect(text).toContain('< 201\n< content-type: application/json\n< location: /notes/2');
    expect(text).toContain('<\n< {"id":2,"content":"buy milk"}');
  });

  it('cuts a long body at 2,000 characters and says how much was cut', () => {
    const body = 'x'.repeat(bodyShownChars + 1234);
    expect(cutBody('short')).toBe('short');
    expect(cutBody(body)).toBe(`${'x'.repeat(2000)}\n[… 1,234 more characters cut, of 3,234; --json --bodies has the whole body]`);
    const m: ExchangeMessages = {
      step: 0, exchangeId: 1, client: 'client', attempts: 3,
      request: { method: 'GET', path: '/notes', headers: {}, body: null }, response: null,
    };
    expect(renderMessages([m])).toContain('step 1 · client · GET /notes\n< no response after 3 attempts');
  });

  it('--json --bodies gives every exchange its request and response whole; the plain summary stays as it was', async () => {
    const result = await run('notes-unstable-put', 3);
    const plain = jsonSummary(result);
    const doc = withBodies(plain, result);
    expect(plain.exchanges[0]).not.toHaveProperty('request');
    expect(doc.exchanges.map((x) => ({ ...x, request: undefined, response: undefined }))).toEqual(plain.exchanges.map((x) => ({ ...x, request: undefined, response: undefined })));
    expect(doc.exchanges[0]).toMatchObject({
      request: { headers: { 'content-type': 'application/json' }, body: '{"content":"first draft"}' },
      response: { headers: { 'content-type': 'application/json' }, body: expect.stringContaining('"id":1') as unknown },
    });
    expect(doc.exchanges[1]).toMatchObject({ method: 'GET', request: { body: null }, response: { body: expect.any(String) as unknown } });
  });
});
