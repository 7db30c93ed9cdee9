import fc from 'fast-check';
import type { Role } from './targets/target-session.js';
import type { Target } from './targets/target.js';
import { broken, couldNotRun, held, type Principle, type RunVerdict } from './principle.js';
import { callerRoles, writerRoles } from './writable-roles.js';
import { createItems, itemPath, WriteMarks } from './writable-setup.js';
import { type HeldRead, heldView, viewChanges } from './writable-view.js';

/** Where a read goes: the collection, one of the items created (by position), or an item that does not exist. */
export type ReadPlace = 'collection' | 'missing' | number;

export interface SafeRead {
  readonly method: 'GET' | 'HEAD' | 'OPTIONS';
  readonly role: Role;
  readonly writable: number;
  readonly at: ReadPlace;
}

export interface SafePlan {
  /** The items that exist before the reads: which collection, and who creates each. */
  readonly creations: readonly { readonly writable: number; readonly role: Role }[];
  readonly reads: readonly SafeRead[];
}

/**
 * RFC 9110 §9.2.1: GET, HEAD and OPTIONS are safe, the client asks for no change of state. Any state (items
 * created by anyone), then any GET, HEAD or OPTIONS by anyone to a declared collection or item, existing or
 * not, and what the service holds must be as it was.
 *
 * "What it holds" is seen the only way that works for any target: reads of every collection and every item
 * of the run, by every caller, that go past the cache (`heldView`), before and after; apisim's own origin
 * adds its stores. Those reads are GETs too, so a GET that changes something is caught whichever of them
 * sets it off.
 */
export const safeMethods: Principle<SafePlan> = {
  name: 'safe-methods',
  statement: 'GET, HEAD and OPTIONS of a declared collection or item never change what the service holds',

  notApplicable: (target) => (target.writable.length === 0 ? 'it declares no writable collection to read (writable)' : undefined),

  plan(target) {
    const writables = target.writable.map((_, i) => i);
    const creation = fc.constantFrom(...writables.flatMap((w) => writerRoles(target, target.writable[w]!).map((role) => ({ writable: w, role }))));
    const read = fc.record({
      method: fc.constantFrom('GET' as const, 'HEAD' as const, 'OPTIONS' as const),
      role: fc.constantFrom(...callerRoles(target)),
      writable: fc.constantFrom(...writables),
      at: fc.oneof(fc.nat({ max: 3 }), fc.constantFrom<ReadPlace>('collection', 'missing')),
    });
    return fc.record({ creations: fc.array(creation, { maxLength: 3 }), reads: fc.array(read, { minLength: 1, maxLength: 4 }) });
  },

  settings: () => ({}),

  async check(run, plan): Promise<RunVerdict> {
    const target = run.target;
    const marks = new WriteMarks();
    const ids: string[][] = target.writable.map(() => []);
    for (const { writable, role } of plan.creations) ids[writable]!.push(...(await createItems(run, target.writable[writable]!, [role], marks)));
    const viewed = heldReads(target, ids);
    const before = await heldView(run, viewed);
    // The view is made of GETs: looked at twice in a row, it must not move before any read of the plan is sent.
    const itself = viewChanges(before, await heldView(run, viewed));
    if (itself.length > 0) return broken(...itself.map((change) => `after reading every collection and item once with GET: ${change}`));
    // A view of refusals and lost answers shows nothing the reads could change.
    const seen = before.filter((line) => / 2\d\d /.test(line) || line.startsWith('the origin\'s stores'));
    if (seen.length === 0) return couldNotRun(`no read of what the service holds was answered 2xx (${before.slice(0, 3).join('; ')}), so no change could be seen: declare collections and items the users can read (writable[])`);
    const sent: string[] = [];
    for (const read of plan.reads) {
      const writable = target.writable[read.writable]!;
      const path = read.at === 'collection' ? writable.collection : itemPath(writable, ids[read.writable]!, read.at);
      const exchange = await run.send(read.role, { method: read.method, path });
      sent.push(`${read.method} ${path} by ${read.role} (${exchange.response?.status ?? 'no answer'})`);
    }
    const changes = viewChanges(before, await heldView(run, viewed));
    if (changes.length > 0) return broken(...changes.map((change) => `after ${sent.join(', ')}: ${change}`));
    return held(`after ${sent.join(', ')}: the ${seen.length} reads of the view answered 2xx show the same as before, ${ids.flat().length} item${ids.flat().length === 1 ? '' : 's'} created`);
  },
};

/** Every collection, every item created and one that does not exist, read by every caller. */
function heldReads(target: Target, ids: readonly (readonly string[])[]): HeldRead[] {
  return callerRoles(target).flatMap((role) =>
    target.writable.flatMap((writable, w) => [writable.collection, ...ids[w]!.map((_, i) => itemPath(writable, ids[w]!, i)), itemPath(writable, [], 'missing')].map((path) => ({ role, path }))),
  );
}
