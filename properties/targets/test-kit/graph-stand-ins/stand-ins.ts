import { armorCostLimit } from './armor-cost.js';
import { csrfPrevention } from './csrf-prevention.js';
import { depthLimit } from './depth-limit.js';
import { limitCap } from './limit-cap.js';
import { listAwareCostLimit } from './list-aware-cost.js';
import { persistedQueries } from './persisted-queries.js';
import { specGraph } from './spec-graph.js';
import { validationPlugin } from './validation-plugin.js';

/** apisim's numbers: depth 7 (published), cost 250 by objects. */
const apisimLimits = [validationPlugin(depthLimit(7, 'published')), validationPlugin(listAwareCostLimit(250))];

/** No depth limit at all, behind GraphQL Armor's cost meter at 1000: it refuses deep queries, for their cost. */
export const noDepthLimitBehindCost = () => specGraph({ idType: 'ID', plugins: [validationPlugin(armorCostLimit(1000))] });

/** No cost limit; `limit` capped at 20 when the document is validated. */
export const limitCapNoCost = () => specGraph({ idType: 'ID', plugins: [validationPlugin(depthLimit(7, 'published')), validationPlugin(limitCap(20))] });

/** `user(id: Int!)`, which the spec allows; correct otherwise, persisted queries included. */
export const intIds = () => specGraph({ idType: 'Int', plugins: [...apisimLimits, persistedQueries()] });

/** Apollo Server's CSRF prevention in front of persisted queries: a GET needs a preflight header. */
export const csrfProtectedGet = () => specGraph({ idType: 'ID', plugins: [csrfPrevention(), ...apisimLimits, persistedQueries()] });

/** GraphQL Armor's depth limit (6) and its cost meter at a low 30: a real limit before execution, blind to list sizes. */
export const armorLowCost = () => specGraph({ idType: 'ID', plugins: [validationPlugin(depthLimit(6, 'armor')), validationPlugin(armorCostLimit(30))] });
