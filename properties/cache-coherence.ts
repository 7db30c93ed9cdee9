import fc from 'fast-check';
import type { Exchange } from '../sim/exchange.js';
import type { Role } from './targets/target-session.js';
import { couldNotRun, judgedRun, type Principle, type RunVerdict } from './principle.js';
import { createdId } from './created-id.js';
import { markedBody, marksIn } from './writable-marker.js';
import { callerRoles, privateToWriter, writerRoles } from './writable-roles.js';
import { itemPath, WriteMarks } from './writable-setup.js';
import { signInOnLossyLine } from './lossy-line-sign-in.js';

export type CacheStep =
  | { readonly kind: 'post'; readonly role: Role }
  | { readonly kind: 'put' | 'delete' | 'get'; readonly role: Role; readonly at: number }
  | { readonly kind: 'list'; readonly role: Role };

export interface CachePlan {
  readonly writable: number;
  readonly steps: readonly CacheStep[];
  /** The WAN line: each message held back by up to this much, and this share of responses lost. */
  readonly jitterUs: number;
  readonly responseLossPercent: number;
}

/** What a client was told of one item: its mark now (null once deleted), and every mark it had before. */
interface Acknowledged {
  current: string | null;
  readonly superseded: Set<string>;
}

/**
 * RFC 9111 §4.4: a cache invalidates what it stored for a URI when an unsafe request to it succeeds, so that
 * through a shared cache a write is seen at once. Any sequence of creations, PUTs, DELETEs and reads by both
 * users (reads by anyone), through the cache on a line that delays and loses responses: a read sent after a
 * write was acknowledged, by the writer or anyone else, never shows the item as it was before that write.
 *
 * Every write carries a mark of its own in the body's string members (`markedBody`), so a read shows which
 * write it reflects: an item read must show its last acknowledged mark and no earlier one (404 once it was
 * deleted), and a read of the collection must list every current mark and no superseded one. A write whose
 * answer never came may or may not have happened, so its item is not judged from then on; answers that
 * are neither 200 nor 404 (401, 403, 405) say nothing of the item and are not judged either. Items private
 * to their writer (`privateToWriter`) are written and read by the first user alone.
 */
export const cacheCoherence: Principle<CachePlan> = {
  name: 'cache-coherence',
  statement: 'through the shared cache, a read after an acknowledged write never shows what was there before it',

  notApplicable: (target) => (target.writable.length === 0 ? 'it declares no writable collection (writable)' : undefined),

  plan(target) {
    return fc.constantFrom(...target.writable.map((_, i) => i)).chain((writable) => {
      const spec = target.writable[writable]!;
      const one: readonly Role[] | undefined = privateToWriter(target, spec) ? ['user'] : undefined;
      const writer = fc.constantFrom(...(one ?? writerRoles(target, spec)));
      const reader = fc.constantFrom(...(one ?? callerRoles(target)));
      const at = fc.nat({ max: 2 });
      const step = fc.oneof(
        { arbitrary: fc.record({ kind: fc.constant('get' as const), role: reader, at }), weight: 4 },
        { arbitrary: fc.record({ kind: fc.constant('list' as const), role: reader }), weight: 1 },
        { arbitrary: fc.record({ kind: fc.constant('post' as const), role: writer }), weight: 2 },
        ...(spec.methods.includes('PUT') ? [{ arbitrary: fc.record({ kind: fc.constant('put' as const), role: writer, at }), weight: 3 }] : []),
        ...(spec.methods.includes('DELETE') ? [{ arbitrary: fc.record({ kind: fc.constant('delete' as const), role: writer, at }), weight: 1 }] : []),
      );
      // A run starts with a creation: without an item it has nothing to hold a read to.
      const steps = fc.tuple(fc.record({ kind: fc.constant('post' as const), role: writer }), fc.array(step, { maxLength: 9 })).map(([first, rest]): CacheStep[] => [first, ...rest]);
      return fc.record({
        writable: fc.constant(writable),
        steps,
        jitterUs: fc.integer({ min: 0, max: 40_000 }),
        responseLossPercent: fc.integer({ min: 0, max: 20 }),
      });
    });
  },

  settings: (plan) => ({
    modes: { client: { maxAttempts: 6 } },
    topology: { wan: { faults: [{ rule: 'loss', applies: 'responses', probability: plan.responseLossPercent / 100 }, { rule: 'delay', jitterUs: plan.jitterUs }] } },
  }),

  async check(run, plan): Promise<RunVerdict> {
    const writable = run.target.writable[plan.writable]!;
    const marks = new WriteMarks();
    const ids: string[] = [];
    // Items judged: those whose every write was answered.
    const known = new Map<string, Acknowledged>();
    const problems: string[] = [];
    // Reads held to an acknowledged write: what a pass rests on.
    const judged: string[] = [];
    if (!(await signInOnLossyLine(run, callerRoles(run.target)))) return couldNotRun('the line lost every sign-in of a user in 8 tries, so nothing was written');
    const acknowledge = (id: string, mark: string | null): void => {
      const item = known.get(id);
      if (item === undefined) return void known.set(id, { current: mark, superseded: new Set() });
      if (item.current !== null && item.current !== mark) item.superseded.add(item.current);
      item.current = mark;
    };

    // A read of the collection or of one item, held to what was acknowledged before it.
    const read = async (step: { readonly kind: 'get'; readonly role: Role; readonly at: number } | { readonly kind: 'list'; readonly role: Role }, label: string): Promise<void> => {
      if (step.kind === 'list') {
        const exchange = await run.send(step.role, { method: 'GET', path: writable.collection });
        if (exchange.response?.status !== 200 || known.size === 0) return;
        const found = listProblems(`${label} GET ${writable.collection}`, marksIn(exchange.response.body), known);
        problems.push(...found);
        if (found.length === 0) judged.push(`${label} GET ${writable.collection} listed the ${known.size} item${known.size === 1 ? '' : 's'} as last acknowledged`);
        return;
      }
      if (ids.length === 0) return;
      const id = ids[step.at % ids.length]!;
      const path = itemPath(writable, ids, step.at);
      const exchange = await run.send(step.role, { method: 'GET', path });
      const item = known.get(id);
      const status = exchange.response?.status;
      // Answers that are neither 200 nor 404 say nothing of the item.
      if (item === undefined || (status !== 200 && status !== 404)) return;
      const found = itemProblems(`${label} GET ${path}`, exchange, item);
      problems.push(...found);
      if (found.length === 0) judged.push(`${label} GET ${path}: ${status}, ${item.current === null ? 'deleted' : item.current} as last acknowledged`);
    };

    for (const [n, step] of plan.steps.entries()) {
      const label = `step ${n + 1}, ${step.role}'s`;
      if (step.kind === 'post') {
        const mark = marks.next();
        const exchange = await run.send(step.role, { method: 'POST', path: writable.collection, body: markedBody(writable, mark) });
        const id = createdId(exchange);
        if (id !== undefined && !ids.includes(id)) ids.push(id);
        if (id !== undefined) acknowledge(id, mark);
        continue;
      }
      if (step.kind === 'list' || step.kind === 'get') {
        await read(step.kind === 'list' ? step : { kind: 'get', role: step.role, at: step.at }, label);
        continue;
      }
      if (ids.length === 0) continue;
      const id = ids[step.at % ids.length]!;
      const path = itemPath(writable, ids, step.at);
      const mark = marks.next();
      const exchange = await run.send(step.role, step.kind === 'put' ? { method: 'PUT', path, body: markedBody(writable, mark) } : { method: 'DELETE', path });
      const status = exchange.response?.status;
      if (exchange.outcome !== 'response' || status === undefined) known.delete(id);
      else if (step.kind === 'put' && status >= 200 && status <= 299) acknowledge(id, mark);
      // A re-sent DELETE whose first copy took effect is answered 404: the item is gone all the same.
      else if (step.kind === 'delete' && ((status >= 200 && status <= 299) || status === 404)) acknowledge(id, null);
    }
    // Last, a writer reads every item once more and lists the collection, as owner-isolation's closing reads
    // do: every run that wrote reads after its last write, whatever steps the plan drew. A plan whose only
    // read before a DELETE kept the item in a cache then always has the read after it that shows the cache.
    const closer = writerRoles(run.target, writable)[0]!;
    for (const at of ids.keys()) await read({ kind: 'get', role: closer, at }, `closing, ${closer}'s`);
    await read({ kind: 'list', role: closer }, `closing, ${closer}'s`);
    return judgedRun(problems, judged, ids.length === 0
      ? `no POST ${writable.collection} made an item with an id (read from the answer's body or Location), so no read could be held to a write: declare a body that creates one (writable[].body)`
      : 'no read after an acknowledged write had an answer that tells (200 or 404)');
  },
};

function itemProblems(read: string, exchange: Exchange, item: Acknowledged): string[] {
  const status = exchange.response?.status;
  if (status === 404) return item.current === null ? [] : [`${read} answered 404 after the write of ${item.current} was acknowledged`];
  if (status !== 200) return [];
  const shown = marksIn(exchange.response?.body);
  if (item.current === null) return [`${read} answered 200 showing [${shown.join(', ')}] after the item's deletion was acknowledged`];
  const stale = shown.filter((mark) => item.superseded.has(mark));
  if (stale.length > 0 || !shown.includes(item.current)) return [`${read} showed [${shown.join(', ')}], not ${item.current}, the item's last acknowledged write`];
  return [];
}

function listProblems(read: string, shown: readonly string[], known: ReadonlyMap<string, Acknowledged>): string[] {
  const problems: string[] = [];
  for (const [id, item] of known) {
    const stale = shown.filter((mark) => item.superseded.has(mark));
    if (stale.length > 0) problems.push(`${read} showed ${stale.join(', ')} of item ${id}, which its acknowledged write of ${item.current ?? 'a deletion'} replaced`);
    else if (item.current !== null && !shown.includes(item.current)) problems.push(`${read} did not list item ${id} as its acknowledged write ${item.current} left it`);
  }
  return problems;
}
