#!/usr/bin/env node
import { runConformance } from '../../properties/conformance/conformance-command.js';
import { configReaders } from '../../properties/targets/config-readers.js';
import { hostOutput } from '../../sim/host/world/app-output.js';
import { describeMain } from './describe-main.js';
import { exitAfterFlush, simMain } from './sim-main.js';
import { sweepMain } from './sweep-main.js';

/**
 * The installed package's one command (`"bin": { "apisim": … }`, docs/install.md): `apisim sim …` is
 * `npm run sim -- …`, `apisim sweep …` is `npm run sweep -- …` and `apisim conformance …` is `npm run conformance -- …`, with their exit codes;
 * `apisim describe` prints what a target's OpenAPI description declares.
 */
const usage = `Usage:
  npx apisim sim …           run a scenario: a built-in one, or a file that names your app (npx apisim sim --help)
  npx apisim sweep …         run every seed of a scenario or a principle on all cores: a verdict per seed,
                             each failure shrunk with its replay command (npx apisim sweep --help)
  npx apisim conformance …   check a running service against the spec, or a target description
                             (--config apisim.config.ts) in the simulator (npx apisim conformance --help)
  npx apisim describe …      what a target's OpenAPI description declares, as a table and as defineTarget
                             code (npx apisim describe --help)
  npx apisim --help          this list`;

export async function apisimMain(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'sim':
      return simMain(rest, 'npx apisim sim', [process.argv[1] ?? '', 'sim']);
    case 'sweep':
      return sweepMain(rest, { sweep: 'npx apisim sweep', sim: 'npx apisim sim' });
    case 'describe':
      return describeMain(rest);
    case 'conformance':
      // apisim's own streams: in the simulator the checks run while the app's world is lent, and what the app
      // writes then is its own, kept out of these.
      return runConformance(rest, hostOutput, configReaders);
    case '--help':
    case '-h':
    case 'help':
      console.log(usage);
      return 0;
    case undefined:
      console.error(`apisim: name a command\n\n${usage}`);
      return 2;
    default:
      console.error(`apisim: unknown command "${command}"\n\n${usage}`);
      return 2;
  }
}

// Compiled (an installed package runs dist/api/cli/apisim.js), a scenario's `.ts` app needs a TypeScript loader:
// tsx's, registered here as `node --import tsx` would, before any app module is imported. From source, the
// repo already runs under tsx.
if (import.meta.url.endsWith('.js')) {
  const loader = 'tsx';
  // eslint-disable-next-line apisim/layering -- a package named by a variable, so that tsc does not resolve it from source
  await import(loader);
}

void apisimMain(process.argv.slice(2)).then(exitAfterFlush);
