import type { ConfigReaders } from '../conformance/described-target.js';
import { describeOverSockets } from './described-over-sockets.js';
import { openInProcess } from './in-process-conformance.js';

/** What `npx apisim conformance --config` reads a description with: in the simulator, or over sockets with `--base-url`. */
export const configReaders: ConfigReaders = { openInProcess, describe: describeOverSockets };
