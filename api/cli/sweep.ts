import { exitAfterFlush } from './sim-main.js';
import { sweepMain } from './sweep-main.js';

void sweepMain(process.argv.slice(2)).then(exitAfterFlush);
