import type { RunResult } from '../../sim/scenario/run.js';
import { builtinPlan } from './builtin-plan.js';
import type { MatrixScenario } from './matrix-scenario.js';

/** What the client saw in its last successful read: a cache that ignores §4.4 shows the old content here. */
function lastReadContent(run: RunResult): string {
  const read = run.exchanges.filter((x) => x.request.method === 'GET' && x.response?.status === 200).at(-1);
  if (read?.response?.body === undefined) return '(no read)';
  return String((JSON.parse(read.response.body) as { content?: unknown }).content);
}

/**
 * The shared cache (spec §3): a hit and a miss by another caller, expiry after 60 s, a write that discards
 * the stored copy, and the broken cache that keeps it.
 */
export const notesCacheMatrix: MatrixScenario = {
  name: 'notes-cache',
  seed: 1,
  stateFigure: { name: 'last_read_content', value: lastReadContent },
  variants: [
    { name: 'hit-vs-miss', quick: true, plan: builtinPlan('notes-cache-hit') },
    { name: 'expiry', quick: false, plan: builtinPlan('notes-cache-expiry') },
    { name: 'write-then-read', quick: false, plan: builtinPlan('notes-cache-write-then-read') },
    { name: 'no-invalidation', quick: true, plan: builtinPlan('notes-cache-no-invalidation') },
  ],
};
