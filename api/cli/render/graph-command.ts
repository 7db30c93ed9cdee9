import { readFileSync } from 'node:fs';
import { runScenario } from '../../../sim/scenario/run.js';
import { UserError } from '../../../sim/user-error.js';
import { graphJson } from './graph-json.js';
import { defaultUser, demoUsernames, type GraphOptions, GraphUsageError, parseGraphOptions } from './graph-options.js';
import { renderGraphReport } from './graph-report.js';
import type { GraphRun } from './graph-run.js';
import { graphPlan, graphScenarioName } from './graph-scenario.js';

export const graphUsage = `Usage:
  npm run sim -- graph --query '<document>' [options]
                      run one GraphQL query through client → WAN → cache → origin and print
                      the response, its bytes and its latency
Options:
  --query <doc>            the GraphQL document, or @file.graphql to read it from a file
  --variables <json>       a JSON object, e.g. '{"id": "1"}'
  --operation-name <name>  which operation of the document to run
  --as <user>              who sends it: ${demoUsernames.join(', ')} (default ${defaultUser}, by session cookie),
                           or a credential: token:bob, none, expired-token:alice, forged-token:carol,
                           alg-none-token:bob, revoked-session:alice, unknown-session
  --persisted              send it as Apollo's automatic persisted query: GET by hash, POST with the
                           query to register it, then GET by hash twice (the second from the cache)
  --limits <json>          the endpoint's limits, e.g. '{"maxDepth": 3}' or '{"maxCost": "unlimited"}'
                           (maxDepth, maxCost, maxAliases, maxTokens, fieldWeights, defaultListSize);
                           "maxCost": "unlimited" also switches the cost budget off, unless --budget is given
  --budget <json>          each caller's cost budget, e.g. '{"maximumAvailable": 5000}' or
                           '{"maximumAvailable": "unlimited"}' (maximumAvailable 1000, restoreRate 50 per second)
  --seed N                 the run's seed (default 1)
  --json                   print a machine-readable result instead of the report
  --timeline               also print the hop-by-hop timeline
Example:
  npm run sim -- graph --query '{ user(id: "1") { name posts(limit: 2) { title } } }' --as bob`;

/** `npm run sim -- graph ...`: returns the exit code; every mistake of the caller's is exit code 2 with a message. */
export async function runGraphCommand(argv: readonly string[]): Promise<number> {
  let options: GraphOptions | 'help';
  let run: GraphRun;
  try {
    options = parseGraphOptions(argv, (path) => readFileSync(path, 'utf8'));
    if (options === 'help') {
      console.log(graphUsage);
      return 0;
    }
    const plan = graphPlan(options);
    run = { options, plan, result: await runScenario(graphScenarioName, plan.spec, { seed: options.seed }) };
  } catch (error) {
    if (error instanceof GraphUsageError) {
      console.error(`sim graph: ${error.message}\n\n${graphUsage}`);
      return 2;
    }
    if (error instanceof UserError) {
      console.error(`sim graph: ${error.message}`);
      return 2;
    }
    throw error;
  }
  console.log(options.json ? JSON.stringify(graphJson(run), null, 2) : renderGraphReport(run));
  return 0;
}
