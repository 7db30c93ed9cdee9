import type { Exchange } from '../../../sim/exchange.js';
import type { RunResult } from '../../../sim/scenario/run.js';
import type { TraceEvent } from '../../../sim/trace-event.js';
import type { GraphOptions } from './graph-options.js';
import type { GraphPlan } from './graph-scenario.js';

/** Everything both renderings (text and `--json`) read: what was asked, the scenario built, what it did. */
export interface GraphRun {
  readonly options: GraphOptions;
  readonly plan: GraphPlan;
  readonly result: RunResult;
}

/** The exchange whose response the command shows: the only one, or the persisted flow's last GET. */
export function featuredExchange(run: GraphRun): Exchange | undefined {
  return run.result.exchanges.at(-1);
}

/** The cache's decisions on one exchange, e.g. `miss, stored max-age=60` or `hit age=0`; `undefined` if it made none. */
export function cacheNotes(events: readonly TraceEvent[], exchange: Exchange | undefined): string | undefined {
  if (exchange === undefined) return undefined;
  const notes = events.filter((e) => e.kind === 'cache' && e.exchangeId === exchange.id).map((e) => e.note);
  return notes.length === 0 ? undefined : notes.join(', ');
}

/** `as alice (session cookie)`, `with no credential`, ... */
export function describeCredential(credential: string): string {
  if (credential === 'none') return 'with no credential';
  if (credential === 'unknown-session') return 'with a session id the origin never issued';
  const [kind = '', user = ''] = credential.split(':');
  const how: Record<string, string> = {
    session: 'session cookie',
    token: 'bearer token',
    'expired-token': 'expired token',
    'forged-token': 'forged token',
    'alg-none-token': 'unsigned alg=none token',
    'revoked-session': 'revoked session',
  };
  return `as ${user} (${how[kind] ?? kind})`;
}
