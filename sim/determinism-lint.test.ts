import { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const restricted = ['no-restricted-globals', 'no-restricted-properties', 'no-restricted-imports'] as const;

const banned = [
  'export const a = Date.now();',
  'export const b = new Date();',
  'export const c = Math.random();',
  'export const d = performance.now();',
  'export const e = process.hrtime();',
  'setTimeout(() => 0, 1);',
  'setInterval(() => 0, 1);',
  'setImmediate(() => 0);',
  "import { randomUUID } from 'node:crypto'; export const f = randomUUID();",
  "import { randomBytes } from 'crypto'; export const g = randomBytes(4);",
  'export const h = crypto.getRandomValues(new Uint8Array(4));',
  "import { setTimeout as wait } from 'node:timers/promises'; await wait(1);",
];

describe('the determinism lint rule', () => {
  it.each(['src/origin.ts', 'sim/simulation.ts'])('is configured for %s', async (file) => {
    const config = (await new ESLint().calculateConfigForFile(file)) as Linter.Config;
    for (const rule of restricted) expect(config.rules?.[rule], rule).toBeDefined();
  });

  it('is not applied to bench/, which measures real time', async () => {
    const config = (await new ESLint().calculateConfigForFile('bench/main.ts')) as Linter.Config;
    expect(config.rules?.['no-restricted-globals']).toBeUndefined();
  });

  it.each(banned)('flags %s', async (code) => {
    const config = (await new ESLint().calculateConfigForFile('sim/simulation.ts')) as Linter.Config;
    const rules = Object.fromEntries(restricted.map((r) => [r, config.rules![r]!]));
    const messages = new Linter().verify(code, { languageOptions: { sourceType: 'module', ecmaVersion: 'latest' }, rules });
    expect(messages.map((m) => m.ruleId)).not.toEqual([]);
    for (const m of messages) expect(m.message).toMatch(/deterministic/);
  });

  it('leaves the allowed uses alone (hashing is not randomness)', async () => {
    const config = (await new ESLint().calculateConfigForFile('sim/simulation.ts')) as Linter.Config;
    const rules = Object.fromEntries(restricted.map((r) => [r, config.rules![r]!]));
    const code = "import { createHash } from 'node:crypto'; export const h = createHash('sha256'); export const n = Math.max(1, 2);";
    expect(new Linter().verify(code, { languageOptions: { sourceType: 'module', ecmaVersion: 'latest' }, rules })).toEqual([]);
  });
});
