import { exitAfterFlush, simMain } from './sim-main.js';

// `npm run sim -- …`: see api/cli/sim-main.ts. An unexpected error is thrown, with its stack.
void simMain(process.argv.slice(2)).then(exitAfterFlush);
