import { relative } from 'node:path';
import { parseCommandLine } from '../../sim/command-line/command-line.js';
import { UsageError } from '../../sim/command-line/usage-error.js';
import { UserError } from '../../sim/user-error.js';
import { loadTarget } from '../../properties/targets/load-target.js';
import { derivationTable, targetCode } from '../../properties/targets/openapi/derivation-text.js';
import { PreparedTarget } from '../../properties/targets/target-session.js';
import { checkTargetCoverage } from '../../properties/check-target.js';
import { defaultCounterexampleFolder } from '../../properties/counterexample-file.js';
import { belowRequired, coverageText, requireCoverageOption } from '../../properties/conformance/coverage-matrix.js';
import { exitCodes } from '../../properties/conformance/conformance-command.js';

const usageFor = (cmd: string) => `Usage:
  ${cmd} --config apisim.config.ts [--json] [--coverage] [--require-coverage PERCENT]

Reads the OpenAPI description the target names (openapi: a path the app serves, or a file) and prints what
apisim derived from it: every operation with its credential, its resource and what it became (owned,
writable, public), then the whole target as defineTarget code, what the config writes laid over it, for
you to commit and edit (docs/openapi.md).

With --coverage, it then runs every principle that applies (APISIM_RUNS runs each) and prints which
operations each one's runs sent a request to: an operation a row, a principle a column, each cell pass,
FAIL, unrun or - (not sent), then each principle that failed. --require-coverage exits 1 when fewer than
PERCENT of the operations were sent by any principle, naming those that were not.

Exit code, as conformance's: 0 described (and, with --coverage, no principle failed), 1 a principle
failed or the coverage is below PERCENT, 2 a usage error or a target that cannot be read, 3 no principle
could judge (each not applicable or could not run).

Options:
  --config FILE               the target description (apisim.config.ts)
  --json                      the operations and the target (and the coverage) as one JSON document
  --coverage                  run the principles and print the operation × principle matrix
  --require-coverage PERCENT  as --coverage, and exit 1 below PERCENT of the operations exercised
  -h, --help                  this text`;

async function main(argv: readonly string[], cmd: string): Promise<number> {
  const { values } = parseCommandLine(argv, {
    config: { type: 'string', example: 'apisim.config.ts' },
    json: { type: 'boolean' },
    coverage: { type: 'boolean' },
    'require-coverage': requireCoverageOption,
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help === true) {
    console.log(usageFor(cmd));
    return exitCodes.passed;
  }
  if (values.config === undefined) throw new UsageError('--config names the target description to describe, e.g. --config apisim.config.ts');
  const prepared = await PreparedTarget.prepare(await loadTarget(values.config));
  const { derivation } = prepared;
  if (derivation === undefined) throw new UserError(`${values.config} names no OpenAPI description: add openapi: "/openapi.json" (a path the app serves) or "./openapi.yaml" (a file)`);
  const required = values['require-coverage'];
  const checked = values.coverage === true || required !== undefined ? await checkTargetCoverage(prepared, { folder: defaultCounterexampleFolder }) : undefined;
  const coverage = checked?.coverage;
  if (values.json === true) console.log(JSON.stringify({ operations: derivation.operations, target: prepared.target, ...(coverage === undefined ? {} : { coverage }) }, null, 2));
  else console.log(`${derivationTable(derivation)}\n\n${targetCode(prepared.target, relative(process.cwd(), prepared.file) || prepared.file)}${coverage === undefined ? '' : `\n\n${coverageText(coverage)}`}`);
  if (checked === undefined) return exitCodes.passed;
  const failed = checked.verdicts.flatMap((v) => (v.result?.failed === true ? [v.result] : []));
  for (const result of failed) console.error(`describe: ${result.principle} failed: ${result.problems[0] ?? result.outcome}${result.scenario === undefined ? '' : `; replay: ${result.scenario.command}`}`);
  const below = coverage === undefined || required === undefined ? undefined : belowRequired('describe', coverage, required);
  if (below !== undefined) console.error(below);
  if (failed.length > 0 || below !== undefined) return exitCodes.failed;
  return checked.verdicts.some((v) => v.result?.outcome === 'pass') ? exitCodes.passed : exitCodes.nothingChecked;
}

/** `npx apisim describe`: resolves to its exit code, 2 for a command line or a target that cannot be read. */
export async function describeMain(argv: readonly string[], cmd = 'npx apisim describe'): Promise<number> {
  try {
    return await main(argv, cmd);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`describe: ${error.message}\n\n${usageFor(cmd)}`);
      return exitCodes.usage;
    }
    if (error instanceof UserError) {
      console.error(`describe: ${error.message}`);
      return exitCodes.usage;
    }
    throw error;
  }
}
