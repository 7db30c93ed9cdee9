// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layeringPlugin } from './tools/lint/layering.js';

const determinism = 'apisim is deterministic: time and randomness come from the simulator (a now() function, a seeded Rng stream). See DESIGN.md.';

/**
 * Everything that would let the wall clock, real timers or unseeded randomness into a run.
 * @type {import('eslint').Linter.RulesRecord}
 */
const nondeterminism = {
  'no-restricted-globals': [
    'error',
    ...['Date', 'performance', 'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'crypto'].map((name) => ({
      name,
      message: determinism,
    })),
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Math', property: 'random', message: determinism },
    { object: 'process', property: 'hrtime', message: determinism },
    { object: 'process', property: 'uptime', message: determinism },
    { object: 'globalThis', property: 'crypto', message: determinism },
  ],
  'no-restricted-imports': [
    'error',
    {
      paths: [
        ...['node:timers', 'timers', 'node:timers/promises', 'timers/promises', 'node:perf_hooks', 'perf_hooks'].map((name) => ({
          name,
          message: determinism,
        })),
        ...['node:crypto', 'crypto'].map((name) => ({
          name,
          importNames: ['randomUUID', 'randomBytes', 'randomInt', 'randomFillSync', 'randomFill', 'getRandomValues', 'webcrypto'],
          message: determinism,
        })),
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'coverage/', '.stryker-tmp/', 'dist/'] },
  eslint.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'tools/lint/*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Scheduled actions are written `() => node.receive(env)`: their void-or-promise result is the point.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
    },
  },
  {
    // The adapters are the simulator's side of a guest app: they too may not reach the wall clock. The world
    // lent to a guest (sim/host/world/) is where the real clock is taken away and given back, on purpose.
    files: ['src/**/*.ts', 'sim/**/*.ts', 'api/cli/render/**/*.ts'],
    ignores: ['**/*.test.ts', 'sim/host/*.ts', 'sim/host/world/**', 'sim/host/app-module/**'],
    rules: nondeterminism,
  },
  {
    // Arrows point one way (docs/layering.md); tools/lint/layering.test.ts shows the rule bites.
    files: ['**/*.ts'],
    plugins: { apisim: layeringPlugin },
    rules: { 'apisim/layering': 'error' },
  },
  {
    files: ['eslint.config.js', 'tools/lint/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
