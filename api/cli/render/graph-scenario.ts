import { persistedGetPath, graphPath } from '../../../src/graph/persisted/persisted-get-path.js';
import { sha256Hex } from '../../../src/graph/persisted/sha256-hex.js';
import { parseScenario, ScenarioError, type ScenarioInput, type ScenarioSpec } from '../../../sim/scenario/spec.js';
import { type GraphOptions, GraphUsageError } from './graph-options.js';

type StepInput = ScenarioInput['steps'][number];
/** Every value here came out of JSON.parse or is a string, so it is JSON by construction. */
const asJson = (value: Record<string, unknown>) => value as StepInput['body'];

/** The scenario the command runs, and what each of its steps is, in words, for the report. */
export interface GraphPlan {
  readonly spec: ScenarioSpec;
  readonly stepLabels: readonly string[];
}

export const graphScenarioName = 'graph-query';

/**
 * An ordinary scenario, so the query travels the same client → WAN → cache → origin path, on the same timing
 * model, as every built-in one. The scenario schema checks `--limits`, so its messages are the format's own.
 */
export function graphPlan(options: GraphOptions): GraphPlan {
  const steps = options.persisted ? persistedSteps(options) : [{ label: 'POST /graphql', step: postStep(options) }];
  const costBudget = options.budget ?? (budgetSwitchedOff(options) ? { maximumAvailable: 'unlimited' } : undefined);
  const input: ScenarioInput = {
    name: graphScenarioName,
    auth: options.credential,
    ...((options.limits !== undefined || costBudget !== undefined) && { graph: { limits: options.limits ?? {}, costBudget } }),
    steps: steps.map((s) => s.step),
  };
  return { spec: parseLimits(input), stepLabels: steps.map((s) => s.label) };
}

/**
 * `--limits '{"maxCost": "unlimited"}'` asks to see a query of any cost run. The budget (1000 points a caller,
 * docs/decisions/graph.md) would still refuse any one query above 1000, so without `--budget` it goes off too: the
 * command does what the flag says. `--budget` given is taken as given.
 */
export function budgetSwitchedOff(options: Pick<GraphOptions, 'limits' | 'budget'>): boolean {
  return options.budget === undefined && options.limits?.maxCost === 'unlimited';
}

function postStep(options: GraphOptions): StepInput {
  return {
    method: 'POST',
    path: graphPath,
    body: asJson({
      query: options.query,
      ...(options.operationName !== undefined && { operationName: options.operationName }),
      ...(options.variables !== undefined && { variables: options.variables }),
    }),
  };
}

/**
 * Apollo Client's automatic persisted queries: the hash alone over GET; on PERSISTED_QUERY_NOT_FOUND the
 * query with its hash over POST, which registers it (Apollo Client has re-sent over POST since 3.3, because
 * the query may be long); then the short GET again. It is sent twice more, since only a
 * successful GET by hash is stored: the first after registering reaches the origin, the second is the one the
 * shared cache answers.
 */
function persistedSteps(options: GraphOptions): { label: string; step: StepInput }[] {
  const byHash: StepInput = { method: 'GET', path: persistedGetPath(options.query, options.operationName, options.variables) };
  const register: StepInput = {
    method: 'POST',
    path: graphPath,
    // Apollo's member order (operationName, variables, extensions, query); the order changes no byte count.
    body: asJson({
      ...(options.operationName !== undefined && { operationName: options.operationName }),
      ...(options.variables !== undefined && { variables: options.variables }),
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex(options.query) } },
      query: options.query,
    }),
  };
  return [
    { label: 'GET by hash', step: byHash },
    { label: 'POST hash + query (registers it)', step: register },
    { label: 'GET by hash', step: byHash },
    { label: 'GET by hash again', step: byHash },
  ];
}

/**
 * Only `--limits` and `--budget` can make the scenario invalid, so their problems are reported against the
 * flags: `  options: graph.limits.maxDepth: Too small` reads `  maxDepth: Too small` under an `invalid --limits`
 * heading, and a field at home in the other flag is sent there.
 */
function parseLimits(input: ScenarioInput): ScenarioSpec {
  try {
    return parseScenario(input, 'options');
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    const flags = [...new Set([...error.message.matchAll(/options: graph\.(limits|costBudget)/g)].map((m) => flagOf[m[1]!]))];
    throw new GraphUsageError(
      error.message
        .replace(/^invalid scenario/, `invalid ${flags.length === 0 ? 'options' : flags.join(' and ')}`)
        .replace(/options: graph\.(?:limits|costBudget)(?:\.|: )/g, '')
        .replace(/ under graph\.(limits|costBudget): "graph": \{"(?:limits|costBudget)": (\{[^}]*\})\}/g, (_, home: string, inner: string) => ` in ${flagOf[home]} '${inner}'`),
    );
  }
}

const flagOf: Readonly<Record<string, string>> = { limits: '--limits', costBudget: '--budget' };
