import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answersKeepToSchema } from './answers-keep-to-schema.js';
import { checkTarget } from './check-target.js';
import { invalidInputRefused } from './invalid-input-refused.js';
import type { JsonReport } from './conformance/json-report.js';
import { conformance, root } from './targets/test-kit/conformance-run.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

/** The items app of `test-kit/query-app.ts`, in the form named, described by the document it serves alone. */
function itemsConfig(form: 'correct' | 'flawed'): string {
  const folder = scratchFolder('parameters');
  const app = relative(folder, join(root, 'properties/test-kit/query-app.ts'));
  writeFileSync(join(folder, 'apisim.config.ts'), `export default { name: 'items-${form}', app: { module: ${JSON.stringify(app)}, export: '${form}' }, openapi: '/openapi.json' };\n`);
  return join(folder, 'apisim.config.ts');
}

const verdicts = async (form: 'correct' | 'flawed') => {
  const checked = await checkTarget(itemsConfig(form), { principles: [answersKeepToSchema, invalidInputRefused], runs: 10, fcSeed: 1, folder: scratchFolder('parameters') });
  return Object.fromEntries(checked.map((v) => [v.principle, v.result!]));
};

describe('query and header parameters, drawn from their schemas', { timeout: 60_000 }, () => {
  it('are sent with every request of the schema principles, the required ones always, and a correct app holds', async () => {
    const v = await verdicts('correct');
    expect(v['answers-keep-to-schema']!.failed).toBe(false);
    expect(v['answers-keep-to-schema']!.evidence).toContainEqual(expect.stringMatching(/^anonymous GET \/items\?limit=\d+(&tag=(red|blue))* was answered 200, as documented$/));
    expect(v['invalid-input-refused']!.failed).toBe(false);
    expect(v['invalid-input-refused']!.evidence).toEqual(expect.arrayContaining([
      expect.stringMatching(/^anonymous GET \/items\?limit=\d+.* with the header x-tenant parameter left out was answered 400, as documented$/),
      expect.stringMatching(/^anonymous GET \/items\?limit=not-a-value-of-its-type.* with the query limit parameter "not-a-value-of-its-type" was answered 400, as documented$/),
    ]));
  });

  it('an invalid required parameter is an invalid input: the flawed app\'s 500 breaks invalid-input-refused, shrunk to that request', async () => {
    const v = await verdicts('flawed');
    const broken = v['invalid-input-refused']!;
    expect(broken.failed).toBe(true);
    expect(broken.problems).toEqual([expect.stringMatching(/^anonymous GET \/items(\?.*)? with the query limit parameter (left out|"not-a-value-of-its-type") was answered 500: a server error, not a 4xx$/)]);
    expect(broken.requests.filter((r) => !r.signIn)).toHaveLength(1);
  });
});

describe('query and header parameters in the conformance checks', { timeout: 60_000 }, () => {
  const checks = async (form: 'correct' | 'flawed') => {
    const ran = await conformance('--config', itemsConfig(form), '--only', 'openapi/answers-keep-to-schema,openapi/invalid-input-refused', '--json');
    return (JSON.parse(ran.stdout) as JsonReport<'replay'>).checks.map((c) => [c.name, c.outcome, c.findings.map((f) => f.what)]);
  };

  it('send the required ones, with example values, and each required one wrong: the correct app passes, the flawed one\'s 500 fails', async () => {
    expect(await checks('correct')).toEqual([['openapi/answers-keep-to-schema', 'pass', []], ['openapi/invalid-input-refused', 'pass', []]]);
    expect(await checks('flawed')).toEqual([
      ['openapi/answers-keep-to-schema', 'pass', []],
      ['openapi/invalid-input-refused', 'fail', [
        'no one GET /items with the query limit parameter left out was answered 500: a server error, not a 4xx',
        'no one GET /items?limit=not-a-value-of-its-type with the query limit parameter "not-a-value-of-its-type" was answered 500: a server error, not a 4xx',
      ]],
    ]);
  });
});
