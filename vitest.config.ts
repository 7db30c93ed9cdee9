import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `from 'apisim'` and `from 'apisim/vitest'` (examples/) are the package's own source here, as the "apisim-source" export condition says
  // for tsc: no build needed. An installed package resolves to dist/ instead (docs/install.md).
  resolve: {
    alias: [
      { find: /^apisim$/, replacement: fileURLToPath(new URL('./api/index.ts', import.meta.url)) },
      { find: /^apisim\/vitest$/, replacement: fileURLToPath(new URL('./api/vitest.ts', import.meta.url)) },
      // `graphql` as Node resolves it (its CommonJS build: graphql 16 has no `exports`), not the ES build Vite
      // would pick. Packages Node loads (graphql-jit, graphql-ws, graphql-yoga) get that one, so ours must be the
      // same instance: with two, graphql-jit refuses our schema ("from another module or realm") and every
      // query silently stays on graphql-js.
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'sim/**/*.test.ts', 'host/**/*.test.ts', 'cli/**/*.test.ts', 'properties/**/*.test.ts', 'bench/**/*.test.ts', 'server/**/*.test.ts', 'conformance/**/*.test.ts', 'agreement/**/*.test.ts', 'testing/**/*.test.ts', 'lint/**/*.test.ts', 'api/**/*.test.ts', 'examples/**/*.test.ts', 'target/**/*.test.ts', 'principles/**/*.test.ts', 'sweep/**/*.test.ts'],
    // Property runs are CPU-bound; two workers match the 2-core CI machine.
    maxWorkers: 2,
    // A long hunt (`APISIM_RUNS=100000 npm test`) is expected to be slow, not to be cut off.
    testTimeout: process.env.APISIM_RUNS === undefined || process.env.APISIM_RUNS === '' ? 60_000 : 0,
  },
});
