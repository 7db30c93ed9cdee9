import type { BuiltinScenario } from './builtin-scenario.js';
import { cacheScenarios } from './builtin/cache.js';
import { graphScenarios } from './builtin/graph.js';
import { graphSubscriptionScenarios } from './builtin/graph-subscriptions.js';
import { hostileScenarios } from './builtin/hostile.js';
import { latencyScenarios } from './builtin/latency.js';
import { notesScenarios } from './builtin/notes.js';
import { ordersScenarios } from './builtin/orders.js';

/** Every built-in scenario, one file per area under `builtin/`, in the order `--list` shows them. */
export const builtinScenarios: readonly BuiltinScenario[] = [...notesScenarios, ...hostileScenarios, ...cacheScenarios, ...ordersScenarios, ...graphScenarios, ...graphSubscriptionScenarios, ...latencyScenarios];

export function findBuiltin(name: string): BuiltinScenario | undefined {
  return builtinScenarios.find((s) => s.name === name);
}
