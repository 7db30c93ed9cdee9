import { relative } from 'node:path';
import { parseCommandLine } from '../../sim/command-line/command-line.js';
import { UsageError } from '../../sim/command-line/usage-error.js';
import { UserError } from '../../sim/user-error.js';
import { loadTarget } from '../../properties/targets/load-target.js';
import { derivationTable, targetCode } from '../../properties/targets/openapi/derivation-text.js';
import { PreparedTarget } from '../../properties/targets/target-session.js';

const usageFor = (cmd: string) => `Usage:
  ${cmd} --config apisim.config.ts [--json]

Reads the OpenAPI description the target names (openapi: a path the app serves, or a file) and prints what
apisim derived from it: every operation with its credential, its resource and what it became (owned,
writable, public), then the whole target as defineTarget code, what the config writes laid over it, for
you to commit and edit (docs/openapi.md).

Options:
  --config FILE   the target description (apisim.config.ts)
  --json          the operations and the target as one JSON document
  -h, --help      this text`;

async function main(argv: readonly string[], cmd: string): Promise<number> {
  const { values } = parseCommandLine(argv, {
    config: { type: 'string', example: 'apisim.config.ts' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help === true) {
    console.log(usageFor(cmd));
    return 0;
  }
  if (values.config === undefined) throw new UsageError('--config names the target description to describe, e.g. --config apisim.config.ts');
  const prepared = await PreparedTarget.prepare(await loadTarget(values.config));
  const { derivation } = prepared;
  if (derivation === undefined) throw new UserError(`${values.config} names no OpenAPI description: add openapi: "/openapi.json" (a path the app serves) or "./openapi.yaml" (a file)`);
  if (values.json === true) {
    console.log(JSON.stringify({ operations: derivation.operations, target: prepared.target }, null, 2));
    return 0;
  }
  console.log(`${derivationTable(derivation)}\n\n${targetCode(prepared.target, relative(process.cwd(), prepared.file) || prepared.file)}`);
  return 0;
}

/** `npx apisim describe`: resolves to its exit code, 2 for a command line or a target that cannot be read. */
export async function describeMain(argv: readonly string[], cmd = 'npx apisim describe'): Promise<number> {
  try {
    return await main(argv, cmd);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`describe: ${error.message}\n\n${usageFor(cmd)}`);
      return 2;
    }
    if (error instanceof UserError) {
      console.error(`describe: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
