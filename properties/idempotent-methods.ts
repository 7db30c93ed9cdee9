import fc from 'fast-check';
import type { Role } from './targets/target-session.js';
import type { Target } from './targets/target.js';
import { intendedEffect } from './conformance/repeat-effect.js';
import { broken, couldNotRun, held, type Principle, type RunVerdict } from './principle.js';
import { markedBody } from './writable-marker.js';
import { callerRoles, privateToWriter, writablesWith, writerRoles } from './writable-roles.js';
import { createItems, itemPath, WriteMarks } from './writable-setup.js';
import { type HeldRead, heldView, viewChanges } from './writable-view.js';

export interface IdempotentPlan {
  readonly writable: number;
  /** Who creates the items that exist before the write, in order. */
  readonly creators: readonly Role[];
  readonly method: 'PUT' | 'DELETE';
  readonly role: Role;
  /** One of the items created, by position, or one that does not exist (a PUT may create it). */
  readonly at: number | 'missing';
  /** How many more times the same request is sent after the first. */
  readonly repeats: number;
}

/** The writable collections whose items answer PUT or DELETE. */
const idempotentWritables = (target: Target): number[] => [...new Set([...writablesWith(target, 'PUT'), ...writablesWith(target, 'DELETE')])].sort((a, b) => a - b);

/**
 * RFC 9110 §9.2.2: PUT and DELETE are idempotent, the effect of the same request sent again is the effect of
 * sending it once, which is what lets a client re-send one whose answer it lost. Any state, one PUT or DELETE
 * of an item (existing or not) by anyone, sent once and then again: what the service holds after the
 * repeats must be what it held after the first. Only the methods the target declares for the item are sent.
 *
 * One run shows it: the state after once is looked at, then the request is repeated and the state looked
 * at again (`heldView`: reads past the cache of every collection and item, and apisim's own stores).
 * Answers may differ (a second DELETE is a 404); what the service holds may not, as far as the request
 * asked for it (`intendedEffect`): the members the PUT wrote and which items exist, not a stamp such as
 * `updatedAt` the server sets on every write.
 */
export const idempotentMethods: Principle<IdempotentPlan> = {
  name: 'idempotent-methods',
  statement: 'a PUT or DELETE of an item, sent again, leaves what it wrote and which items exist as sending it once did',

  notApplicable: (target) => (idempotentWritables(target).length === 0 ? 'no writable item answers PUT or DELETE (writable[].methods)' : undefined),

  plan(target) {
    return fc.constantFrom(...idempotentWritables(target)).chain((writable) => {
      const spec = target.writable[writable]!;
      // An item private to its writer is refused to the other user, and a refused write has no effect to repeat.
      const writers: readonly Role[] = privateToWriter(target, spec) ? ['user'] : writerRoles(target, spec);
      return fc.record({
        writable: fc.constant(writable),
        creators: fc.array(fc.constantFrom(...writers), { maxLength: 3 }),
        method: fc.constantFrom(...(['PUT', 'DELETE'] as const).filter((m) => spec.methods.includes(m))),
        role: fc.constantFrom(...callerRoles(target).filter((r) => writers.includes(r))),
        at: fc.oneof(fc.nat({ max: 2 }), fc.constant('missing' as const)),
        repeats: fc.integer({ min: 1, max: 2 }),
      });
    });
  },

  settings: () => ({}),

  async check(run, plan): Promise<RunVerdict> {
    const writable = run.target.writable[plan.writable]!;
    const marks = new WriteMarks();
    const ids = await createItems(run, writable, plan.creators, marks);
    const path = itemPath(writable, ids, plan.at);
    const body = plan.method === 'PUT' ? markedBody(writable, marks.next()) : undefined;
    const request = { method: plan.method, path, ...(body === undefined ? {} : { body }) };
    const shown = (text: string | undefined) => intendedEffect(text, Object.keys(body ?? {}));
    const viewed: HeldRead[] = callerRoles(run.target).flatMap((role) => [...new Set([writable.collection, ...ids.map((_, i) => itemPath(writable, ids, i)), path])].map((p) => ({ role, path: p })));

    const first = await run.send(plan.role, request);
    const once = await heldView(run, viewed, shown);
    const statuses = [first.response?.status ?? 'no answer'];
    for (let i = 0; i < plan.repeats; i++) statuses.push((await run.send(plan.role, request)).response?.status ?? 'no answer');
    const changes = viewChanges(once, await heldView(run, viewed, shown));
    const sent = `${plan.method} ${path} by ${plan.role}, sent ${plan.repeats + 1} times (${statuses.join(', ')})`;
    if (changes.length > 0) return broken(...changes.map((change) => `${sent}: ${change}`));
    // A first request that was refused or lost had no effect, so repeating it shows nothing of idempotency.
    const status = first.response?.status;
    if (status === undefined || status < 200 || status > 299) return couldNotRun(`the first ${plan.method} ${path} was answered ${status ?? 'not at all'}, so it had no effect to repeat${ids.length === 0 ? ` (no item could be made: POST ${writable.collection} made none)` : ''}`);
    if (!once.some((line) => / 2\d\d /.test(line) || line.startsWith('the origin\'s stores'))) return couldNotRun(`no read of what the service holds was answered 2xx, so no change could be seen (${once.slice(0, 2).join('; ')})`);
    return held(`${sent}: what the ${once.length} reads of the view show after the repeats is what they showed after the first`);
  },
};
