import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `from 'apisim'` and `from 'apisim/vitest'` (examples/) are the package's own source here, as the "apisim-source" export condition says
  // for tsc: no build needed. An installed package resolves to dist/ instead (docs/install.md).
  resolve: {
    alias: [
      { find: /^apisim$/, replacement: fileURLToPath(new URL('./api/index.ts', import.meta.url)) },
      { find: /^apisim\/vitest$/, replacement: fileURLToPath(new URL('./api/vitest.ts', import.meta.url)) },
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
