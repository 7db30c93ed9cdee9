import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'sim/**/*.test.ts', 'properties/**/*.test.ts', 'bench/**/*.test.ts'],
    // Property runs are CPU-bound; two workers match the 2-core CI machine.
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
