import { defineConfig } from 'vitest/config';
import base, { systemTests } from './vitest.config.js';

/**
 * `npm run test:system`: the tests `npm test` leaves out, those that start processes (the CLI, the server,
 * `npm pack` and an install), listen on real sockets, crash a real server or put it under load. The same
 * plugins, aliases and workers as vitest.config.ts, whose `exclude` this takes over minus the system tests.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [systemTests],
    exclude: (base.test?.exclude ?? []).filter((pattern) => pattern !== systemTests),
    // A child process, an npm install or a load run on a busy or slow machine takes what it takes: ten
    // minutes is a hang, not a slow machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // A fresh worker for each file, so nothing a file leaves behind can reach another: these start servers and
    // children, and importing modules is not where their time goes.
    isolate: true,
    setupFiles: [],
  },
});
