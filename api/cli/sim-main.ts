import { firstLine } from '../../sim/host/app-module/app-module-error.js';
import { hostOutput } from '../../sim/host/world/app-output.js';
import { isGuestRun } from '../../sim/scenario/result.js';
import { appOutputJson, appOutputNote, type AppOutputShown, renderAppOutput } from './render/app-output-text.js';
import { determinismJson, determinismPassed, isDeterministic, renderDeterminismFailure } from './render/determinism-text.js';
import { runGraphCommand } from './render/graph-command.js';
import { writeChromeTrace } from './render/chrome-trace.js';
import { withBodies } from './render/json-bodies.js';
import { jsonSummary } from './render/json-summary.js';
import { renderRun } from './render/run-text.js';
import { builtinScenarios } from '../../sim/scenario/catalog.js';
import { allHeld, judge } from '../../sim/scenario/expectations.js';
import { scenarioJsonSchema } from '../../sim/scenario/json-schema.js';
import { builtin, fromFile, type ResolvedScenario } from '../../sim/scenario/resolve.js';
import { UserError } from '../../sim/user-error.js';
import { parseCommandLine } from '../../sim/command-line/command-line.js';
import { UsageError } from '../../sim/command-line/usage-error.js';
import { checkDeterminism } from './determinism-check.js';
import { planRun } from '../../sim/host/run-plan.js';
import { isRunStoppedByApp } from './run-stopped.js';
import { checkTraceOut, traceOutFailed } from './trace-out-path.js';
import { FreshProcessError, runCopyJson, runRecordVariable } from './fresh-processes.js';
import { rejudge } from '../../properties/counterexample-file.js';
import { counterexampleVerdictJson, counterexampleVerdictText, noLongerFails } from './counterexample-verdict.js';

/** How the CLI was started, as its usage and replay lines name it: `npm run sim --` in the repo, `npx apisim sim` when installed. */
export const repoCommand = 'npm run sim --';

const usageFor = (cmd: string) => `Usage:
  ${cmd} --list                          list the built-in scenarios
  ${cmd} <scenario> [--seed N] [--json] [--trace-out run.json] [--check-determinism [--runs N]]
                                                 run one and print its timeline and summary
  ${cmd} --file my.json [--seed N] [--json] [--trace-out run.json] [--check-determinism [--runs N]]
                                                 run your own scenario (format: docs/scenarios.md), on
                                                 apisim's origin or on the app it names ("origin");
                                                 a principle's counterexample is judged again by it:
                                                 exit code 1 while it still fails, 0 once it does not
  ${cmd} --schema                        print the scenario file format as JSON Schema
  ${cmd} graph --query '<document>'      run one GraphQL query; print its response, bytes and latency
                                                 (${cmd} graph --help for its options)
Options:
  --seed N   the run's seed, a non-negative integer (default 1); the same seed replays the same run
  --json     print a machine-readable summary instead of the timeline, with the verdicts of the
             scenario's "expect" block (exit code 1 when one failed, with or without --json)
  --bodies   also print each step's request and response, headers and bodies (a body over 2,000
             characters is cut, saying how much), after the timeline; with --json, each exchange
             carries them whole as request and response
  --app-output
             also print what the app wrote to its stdout and stderr (console.log included), each line at
             the virtual time it began, after the timeline; with --json, as appOutput. Without it, the app's
             output is kept out of apisim's, and a line on stderr says how much there was
  --trace-out FILE
             also write the run as a Chrome trace-event file: open it at ui.perfetto.dev or chrome://tracing;
             the client's sends and answers carry the headers and bodies as args
  --check-determinism
             run the seed again, twice in this process and once in each of --runs fresh processes, a
             fresh origin or app each time; if a trace differs, print the first event that differs and
             the likely cause, and exit 1
  --runs N   how many fresh processes --check-determinism runs the seed in (default 2; 0: this one only)`;

async function main(argv: readonly string[], cmd: string, relaunch: readonly string[]): Promise<number> {
  if (argv[0] === 'graph') return runGraphCommand(argv.slice(1));
  const { values, positionals } = parseCli(argv);
  if (values.help === true) {
    console.log(usageFor(cmd));
    return 0;
  }
  if (values.schema === true) {
    process.stdout.write(scenarioJsonSchema());
    return 0;
  }
  if (values.list === true) {
    const width = Math.max(...builtinScenarios.map((s) => s.name.length));
    for (const s of builtinScenarios) console.log(`${s.name.padEnd(width)}  ${s.summary}`);
    return 0;
  }
  const seed = values.seed ?? 1;
  if (positionals.length > 1) throw new UsageError(`one scenario at a time, got ${positionals.join(', ')}`);
  const file = values.file;
  const name = positionals[0];
  if (file === undefined && name === undefined) {
    throw new UsageError(`nothing to run: name a built-in scenario (${cmd} notes-unstable-post), give your own with --file my.json, or see the built-ins with --list`);
  }
  if (file !== undefined && name !== undefined) throw new UsageError(`name one scenario or give --file, not both (got "${name}" and --file ${file})`);
  if (values.runs !== undefined && values['check-determinism'] !== true) throw new UsageError('--runs N is how many fresh processes --check-determinism runs the seed in: give it with --check-determinism');
  const traceOut = values['trace-out'];
  // Checked before the run, which may take long, so that a mistyped folder does not waste it.
  if (traceOut !== undefined) await checkTraceOut(traceOut);

  const scenario: ResolvedScenario = file !== undefined ? await fromFile(file) : builtin(name!, seed);
  if (values['app-output'] === true && scenario.spec.origin === undefined) {
    throw new UsageError(`--app-output shows what an app writes, and ${scenario.name} runs on apisim's own origin: name your app in the scenario file ("origin")`);
  }
  // Both are said while the app runs, so through apisim's own stderr, which the app's world does not take.
  const plan = await planRun(scenario, file, {
    onNote: (note) => hostOutput.stderr(`sim: note: ${note}\n`),
    // The adapter answers a failed request with a 500, which the timeline shows; the reason is only here.
    onError: (error, req) => hostOutput.stderr(`sim: ${req.method} ${req.path}: the app failed, so the adapter answered 500: ${firstLine(error)}\n`),
  });
  const result = await plan.run(seed);
  // A fresh process that --check-determinism started: its run's record is all it says.
  if (process.env[runRecordVariable] === '1') {
    process.stdout.write(runCopyJson(result));
    return 0;
  }
  const fresh = { count: values.runs ?? 2, relaunch, args: file !== undefined ? ['--file', file] : [scenario.name] };
  const check = values['check-determinism'] === true ? await checkDeterminism(plan, seed, result, fresh) : undefined;
  const replay = `${cmd} ${file !== undefined ? `--file ${file}` : scenario.name} --seed ${seed}`;
  if (traceOut !== undefined) {
    await writeChromeTrace(traceOut, result.trace.events, { scenario: scenario.name, seed }, result.exchanges).catch((error: unknown) => traceOutFailed(traceOut, error));
    // On stderr, so that `--json` output stays one JSON document.
    console.error(`Wrote the Chrome trace to ${traceOut} (open it at https://ui.perfetto.dev).`);
  }

  const deterministic = check === undefined || isDeterministic(check);
  const verdicts = judge(scenario.spec.expect, result);
  // A principle's counterexample is judged again by the principle, on its app as it is now.
  const of = scenario.spec.counterexampleOf;
  const rejudged = of === undefined || file === undefined ? undefined : await rejudge(of, file);
  const held = allHeld(verdicts) && (rejudged === undefined || noLongerFails(rejudged));
  const bodies = values.bodies === true;
  const output: AppOutputShown | undefined = isGuestRun(result) && plan.app !== undefined ? { load: plan.app.loadOutput, run: result.appOutput } : undefined;
  const showOutput = values['app-output'] === true && output !== undefined;
  if (!showOutput && output !== undefined) {
    const note = appOutputNote(output);
    if (note !== undefined) console.error(`sim: ${note}`);
  }
  if (values.json === true) {
    const summary = {
      ...(bodies ? withBodies(jsonSummary(result), result) : jsonSummary(result)),
      expectations: verdicts,
      ...(rejudged === undefined ? {} : { counterexample: counterexampleVerdictJson(rejudged) }),
      ...(showOutput ? { appOutput: appOutputJson(output) } : {}),
    };
    console.log(JSON.stringify(check === undefined ? summary : { ...summary, determinism: determinismJson(check) }, null, 2));
    return deterministic && held ? 0 : 1;
  }
  if (check !== undefined && !deterministic) {
    console.log(renderDeterminismFailure(check, `${replay} --check-determinism`));
    return 1;
  }
  console.log(renderRun(scenario.name, seed, result, replay, verdicts, { bodies }));
  if (showOutput) console.log(`\n${renderAppOutput(output)}`);
  if (check !== undefined) console.log(determinismPassed(check));
  if (rejudged !== undefined) console.log(`\n${counterexampleVerdictText(rejudged)}`);
  return held ? 0 : 1;
}

function parseCli(argv: readonly string[]) {
  return parseCommandLine(argv, {
    seed: { type: 'integer', range: 'non-negative', example: '1' },
    json: { type: 'boolean' },
    bodies: { type: 'boolean' },
    file: { type: 'string', example: 'my.json' },
    list: { type: 'boolean' },
    schema: { type: 'boolean' },
    'trace-out': { type: 'string', example: 'run.json' },
    'check-determinism': { type: 'boolean' },
    'app-output': { type: 'boolean' },
    runs: { type: 'integer', range: 'non-negative', example: '5' },
    help: { type: 'boolean', short: 'h' },
  }, { max: Infinity }); // more than one scenario is refused in the command's own words
}

/**
 * Runs the sim CLI on `argv` and resolves to its exit code; `cmd` is how it was started (the prefix of the usage
 * and replay lines), `relaunch` how to start it again in a fresh process, after Node's own options (the script,
 * and the command's name when the script has several). A bad invocation, scenario or app module is reported on
 * stderr with exit code 2; a run the app stopped (real work that never ended, an unanswered request, …), or
 * one that failed in a fresh process, with exit code 1; any other error rejects.
 */
export async function simMain(argv: readonly string[], cmd: string = repoCommand, relaunch: readonly string[] = [process.argv[1] ?? '']): Promise<number> {
  try {
    return await main(argv, cmd, relaunch);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`sim: ${error.message}\n\n${usageFor(cmd)}`);
      return 2;
    }
    if (error instanceof UserError) {
      console.error(`sim: ${error.message}`);
      return 2;
    }
    if (isRunStoppedByApp(error)) {
      console.error(`sim: the app stopped the run: ${error.message}`);
      return 1;
    }
    if (error instanceof FreshProcessError) {
      console.error(`sim: --check-determinism: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/**
 * Ends the process once what was written has been flushed. Exiting, rather than waiting for the event loop
 * to empty, because an app's module may have left real work behind when it was loaded (a `setInterval` at its
 * top level, outside any virtual world), which would keep the process alive after the run.
 */
export function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
