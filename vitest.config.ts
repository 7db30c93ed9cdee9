import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** graphql's CommonJS build, the one Node loads for `import 'graphql'` (graphql 16 has no `exports` map). */
const graphqlAsNodeLoadsIt = createRequire(import.meta.url).resolve('graphql');

/** The tests that start processes or listen on sockets: `npm run test:system` runs them, `npm test` does not. */
export const systemTests = '**/*.system.test.ts';

const longHunt = process.env.APISIM_RUNS !== undefined && process.env.APISIM_RUNS !== '';

export default defineConfig({
  // graphql-jit's ES entry imports its CommonJS files, so it always gets graphql's CommonJS build; Vite would give
  // our own source the ES build: two instances, and graphql-jit refuses our schema ("from another module or
  // realm"), silently leaving every query on graphql-js. So our source gets the build Node gives it outside
  // vitest. examples/ keep Vite's choice: they stand for a user's app and its own graphql, as they always did.
  plugins: [{
    name: 'graphql-as-node-loads-it',
    enforce: 'pre',
    resolveId: (id: string, importer: string | undefined) => (id === 'graphql' && importer !== undefined && !importer.includes('/examples/') ? graphqlAsNodeLoadsIt : undefined),
  }],
  // `from 'apisim'` and `from 'apisim/vitest'` (examples/) are the package's own source here, as the "apisim-source" export condition says
  // for tsc: no build needed. An installed package resolves to dist/ instead (docs/install.md).
  resolve: {
    alias: [
      { find: /^apisim$/, replacement: fileURLToPath(new URL('./api/index.ts', import.meta.url)) },
      { find: /^apisim\/vitest$/, replacement: fileURLToPath(new URL('./api/vitest.ts', import.meta.url)) },
    ],
  },
  test: {
    // Every test of the repository, wherever it sits: tools/lint/layering.test.ts checks no folder is left out of the layering.
    // The system tests (`*.system.test.ts`: child processes, real sockets, npm pack) are `npm run test:system`'s
    // (vitest.system.config.ts); layering.test.ts also checks each test file is run by exactly one of the two.
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'dist/**', '.stryker-tmp/**', systemTests],
    // Property runs are CPU-bound; two workers match the 2-core CI machine.
    maxWorkers: 2,
    // Each worker keeps its modules from one test file to the next instead of importing graphql, fast-check, the
    // frameworks and the whole origin again for every file: importing was half of `npm test`'s CPU time (406 s
    // with a fresh worker per file, about 200 s kept). What a file could leave behind for the next, test/support/leftovers.ts
    // checks at the end of every file.
    isolate: false,
    setupFiles: ['test/support/leftovers.ts'],
    // What `vi.stubEnv` and `vi.stubGlobal` change is put back after each test, so a stub cannot reach the next file.
    unstubEnvs: true,
    unstubGlobals: true,
    // Generous, so a machine ten times slower than the CI one still passes: speed is bench/'s to measure. A long hunt
    // (`APISIM_RUNS=100000 npm test`) is expected to be slow, not to be cut off.
    testTimeout: longHunt ? 0 : 60_000,
    hookTimeout: longHunt ? 0 : 60_000,
  },
});
