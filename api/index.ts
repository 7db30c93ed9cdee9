/**
 * apisim's public API: what a project that installs apisim (and `examples/`) may import, as `from 'apisim'`.
 * Everything else is internal and may change. docs/guest-world.md and docs/adapters.md explain the parts.
 */

// Scenarios: the file format, checked.
export { parseScenario, parseScenarioText, ScenarioError, type ScenarioInput, type ScenarioSpec } from '../sim/scenario/spec.js';

// Your own app as the origin, in a virtual world lent for the run.
export { runGuestScenario, type GuestScenarioOptions } from '../sim/host/run-guest-scenario.js';
export { fetchOrigin, type FetchApp, type FetchHandler } from '../sim/host/adapters/fetch-origin.js';
export { listenerOrigin, type RequestListener } from '../sim/host/adapters/listener-origin.js';
export type { AdaptedApp, AdapterOptions } from '../sim/host/adapters/adapted-app.js';
export { setCookieList } from '../src/http/set-cookie-list.js';
export { virtualEpochMs } from '../sim/host/world/epoch.js';

// apisim's own origin, and what any run returns.
export { runScenario, type RunOptions } from '../sim/scenario/run.js';
export type { ExchangeSummary, GuestRunResult, RunResult } from '../sim/scenario/result.js';
export type { Exchange } from '../sim/exchange.js';
export type { OriginProcess } from '../sim/nodes/origin-process.js';

// Showing a run as the CLI does.
export { jsonSummary } from './cli/render/json-summary.js';
export { renderSummary, renderTimeline } from './cli/render/timeline.js';

// The plain messages an origin process answers.
export { type HttpRequest, type HttpResponse, jsonResponse, request, response } from '../src/http/message.js';

// Your service as a target (apisim.config.ts): what the checks and the principles must know of it.
export { defineTarget } from '../properties/targets/define-target.js';
export type { TargetInput } from '../properties/targets/target.js';
