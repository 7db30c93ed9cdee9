import { type ClientSettings, defaultClientSettings } from '../../src/client/settings.js';
import { defaultCostBudget } from '../../src/graph/cost-budget.js';
import type { GraphSettings } from '../../src/graph/endpoint.js';
import { graphLimitsWith } from '../../src/graph/limits/settings.js';
import { defaultOriginSettings, type OriginSettings } from '../../src/origin.js';
import { faultFromSpec } from '../faults/from-spec.js';
import { unstableLine } from '../faults/unstable-line.js';
import type { LinkSettings } from '../link.js';
import { defaultTopologySettings, type TopologySettings } from '../topology.js';
import type { GraphSpec, RunSettings, ScenarioSpec } from './spec.js';

/** The scenario's modes and graph section on top of the origin's defaults. */
export function originSettingsFrom(spec: RunSettings): OriginSettings {
  return {
    ...defaultOriginSettings, orders: spec.modes.orders, orderExistence: spec.modes.orderExistence ?? defaultOriginSettings.orderExistence, idempotencyKey: spec.modes.idempotencyKey, idempotencyCommit: spec.modes.idempotencyRecord,
    graph: graphSettingsFrom(spec.graph),
  };
}

export function clientSettingsFrom(spec: RunSettings): ClientSettings {
  return { ...defaultClientSettings, ...spec.modes.client };
}

/** The scenario's graph section on top of the defaults; "unlimited" is Infinity, which switches a limit off. */
export function graphSettingsFrom(graph: GraphSpec): GraphSettings {
  const { fieldWeights, defaultListSize, ...counts } = graph.limits;
  const overrides: Partial<Record<keyof typeof counts, number>> = {};
  for (const [name, value] of Object.entries(counts) as [keyof typeof counts, number | 'unlimited' | undefined][]) {
    if (value !== undefined) overrides[name] = value === 'unlimited' ? Infinity : value;
  }
  const limits = graphLimitsWith({ ...overrides, ...(fieldWeights && { fieldWeights }), ...(defaultListSize !== undefined && { defaultListSize }) });
  const { maximumAvailable, restoreRate } = graph.costBudget;
  const costBudget = {
    maximumAvailable: maximumAvailable === 'unlimited' ? Infinity : (maximumAvailable ?? defaultCostBudget.maximumAvailable),
    restoreRate: restoreRate ?? defaultCostBudget.restoreRate,
  };
  return { limits, persisted: graph.persisted, preloadedQueries: graph.preloadedQueries, costBudget };
}

export function topologyFrom(spec: RunSettings): TopologySettings {
  const d = defaultTopologySettings;
  const t = spec.topology;
  const wan = linkFrom(d.wan, t.wan);
  return {
    wan: spec.modes.line === 'unstable' ? { ...wan, faults: [unstableLine(), ...wan.faults] } : wan,
    lan: linkFrom(d.lan, t.lan),
    originProcessingUs: t.originProcessingUs ?? d.originProcessingUs,
    cacheHitUs: t.cacheHitUs ?? d.cacheHitUs,
    connectionInitWaitUs: t.connectionInitWaitUs ?? d.connectionInitWaitUs,
    cache: spec.modes.cache,
  };
}

export function linkFrom(base: LinkSettings, over: NonNullable<ScenarioSpec['topology']['wan']> | undefined): LinkSettings {
  if (over === undefined) return base;
  const bandwidth = over.bandwidthBitsPerSecond;
  return {
    oneWayDelayUs: over.oneWayDelayUs ?? base.oneWayDelayUs,
    bandwidthBitsPerSecond: bandwidth === undefined ? base.bandwidthBitsPerSecond : bandwidth === 'unlimited' ? Number.POSITIVE_INFINITY : bandwidth,
    faults: [...base.faults, ...(over.faults ?? []).map(faultFromSpec)],
  };
}
