import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useAPQ } from '@graphql-yoga/plugin-apq';
import { csrfPrevention } from './csrf-prevention.js';
import { depthLimit } from './depth-limit.js';
import { limitCap } from './limit-cap.js';
import { listAwareCostLimit } from './list-aware-cost.js';
import { specGraph } from './spec-graph.js';
import { validationPlugin } from './validation-plugin.js';

/** GraphQL Armor as a Yoga user installs it (its Envelop plugin), with the protections `config` changes. */
const armor = (config: Parameters<typeof EnvelopArmorPlugin>[0] = {}) => specGraph({ idType: 'ID', plugins: [EnvelopArmorPlugin(config)] });

/** Every Armor protection off but its cost limit. */
const off = { enabled: false };
const costLimitOnly = { maxDepth: off, maxTokens: off, maxAliases: off, maxDirectives: off, blockFieldSuggestion: off };

/** apisim's numbers: depth 7 (published), cost 250 by objects. */
const apisimLimits = [validationPlugin(depthLimit(7)), validationPlugin(listAwareCostLimit(250))];

/** No depth limit at all, behind GraphQL Armor's cost meter at 1000: it refuses deep queries, for their cost. */
export const noDepthLimitBehindCost = () => armor({ ...costLimitOnly, costLimit: { maxCost: 1000 } });

/** No cost limit; `limit` capped at 20 when the document is validated. */
export const limitCapNoCost = () => specGraph({ idType: 'ID', plugins: [validationPlugin(depthLimit(7)), validationPlugin(limitCap(20))] });

/** `user(id: Int!)`, which the spec allows; correct otherwise, persisted queries included. */
export const intIds = () => specGraph({ idType: 'Int', plugins: [...apisimLimits, useAPQ()] });

/** Apollo Server's CSRF prevention in front of persisted queries: a GET needs a preflight header. */
export const csrfProtectedGet = () => specGraph({ idType: 'ID', plugins: [csrfPrevention(), ...apisimLimits, useAPQ()] });

/** GraphQL Armor's depth limit (6) and its cost meter at a low 30: a real limit before execution, blind to list sizes. */
export const armorLowCost = () => armor({ ...costLimitOnly, maxDepth: { n: 6 }, costLimit: { maxCost: 30 } });

/**
 * GraphQL Armor as its README installs it, every protection at its default: cost 5000 on its own meter
 * (depth-weighted, blind to list sizes), depth 6, 15 aliases, 1000 tokens. A limit no probe within depth 5
 * and 1000 tokens reaches: the cost check once called it "no cost limit".
 */
export const armorDefaults = () => armor();

/** Armor's cost limit alone, at its default 5000: nothing else bounds depth or tokens. */
export const armorCostOnly = () => armor(costLimitOnly);

/** Armor's defaults with a cost limit of 3000: still above what the first ladder reaches on Armor's meter (2093). */
export const armorCost3000 = () => armor({ costLimit: { maxCost: 3000 } });

/** Armor's defaults with depth 5: no probe this shallow reaches Armor's 5000 within 1000 tokens, so the ladder's ceiling is reached. */
export const armorDepth5 = () => armor({ maxDepth: { n: 5 } });
