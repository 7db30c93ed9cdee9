import { type Entry, entryList, lift, unlift } from './entry-list.js';
import type { NoteOperation, NoteState } from './history.js';
import { type RegisterModel, roleOf } from './register-model.js';
import { furtherThan, type SearchOptions, type SearchResult, type Stuck } from './search.js';

/**
 * The search as it was before it was made faster, kept for tests only, as the oracle the faster one
 * (`search.ts`) must agree with: Wing & Gong's search with Lowe's refinement and Porcupine's memo, for one
 * note. It walks the calls in time order, places (linearizes) the first one the model accepts and lifts it out
 * of the list, and backtracks when it meets a return whose call is not yet placed: that operation had to take
 * effect before it completed. The memo skips any (set of placed operations, state) seen before, because what
 * can follow depends on nothing else; that turns n! orders into at most 2^n sets.
 *
 * Operations of unknown outcome return at +∞, after every definite one. Meeting such a return means every
 * definite operation is placed: the history is linearizable with the unknown ones still open left out.
 */
export function referenceSearch(operations: readonly NoteOperation[], model: RegisterModel, options: SearchOptions): SearchResult {
  const candidates = operations.filter((op) => roleOf(op) !== 'none');
  const head = entryList(candidates);
  const placed = new Uint32Array(Math.ceil(candidates.length / 32) + 1);
  const seen = new Set<string>();
  const calls: { entry: Entry; state: NoteState }[] = [];
  let state = model.initial;
  let statesExplored = 0;
  let stuck: Stuck | undefined;
  let entry = head.next;

  while (entry !== undefined) {
    if (entry.match !== undefined) {
      const next = model.step(state, candidates[entry.index]!);
      if (next !== undefined) {
        placed[entry.index >>> 5]! ^= 1 << (entry.index & 31);
        const key = `${placed.join(',')}|${model.key(next)}`;
        if (!options.memoize || !seen.has(key)) {
          if (options.memoize) seen.add(key);
          if (++statesExplored > options.maxStates) return { verdict: 'state-bound-exceeded', statesExplored, stuck };
          calls.push({ entry, state });
          state = next;
          lift(entry);
          entry = head.next;
          continue;
        }
        placed[entry.index >>> 5]! ^= 1 << (entry.index & 31);
      }
      entry = entry.next;
      continue;
    }
    if (entry.timeUs === Infinity) return { verdict: 'linearizable', statesExplored };
    if (stuck === undefined || furtherThan(entry, calls.length, stuck)) {
      stuck = { operation: candidates[entry.index]!, linearized: calls.map((c) => candidates[c.entry.index]!), state };
    }
    const top = calls.pop();
    if (top === undefined) return { verdict: 'not-linearizable', statesExplored, stuck };
    entry = top.entry;
    state = top.state;
    placed[entry.index >>> 5]! ^= 1 << (entry.index & 31);
    unlift(entry);
    entry = entry.next;
  }
  return { verdict: 'linearizable', statesExplored };
}
