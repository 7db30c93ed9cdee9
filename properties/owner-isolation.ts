import fc from 'fast-check';
import { itemAt, type OwnedSpec, type Target } from './targets/target.js';
import type { Role } from './targets/target-session.js';
import { createdId } from './created-id.js';
import type { Principle } from './principle.js';

/**
 * Spec §4 A, the orders rule (OWASP API1:2023, broken object level authorization): one user's object, read
 * or changed by the other user, is refused (403 or 404) and never answered 2xx. The requests of both users
 * interleave through the shared cache, so a cache that hands one user's copy to the other breaks it too.
 *
 * A plan is a list of steps, each a create by one of the users or a request by one of them to one of the
 * objects known so far (those the target says exist, then those created): shrinking drops steps and moves
 * each toward the first user, GET and the first object, so a broken target ends at a create and a read.
 */
type Actor = Exclude<Role, 'anonymous'>;
export type OwnerStep =
  | { readonly act: 'create'; readonly role: Actor; readonly owned: number }
  | { readonly act: 'request'; readonly role: Actor; readonly method: string; readonly object: number };

/** An object a user owns, as the run came to know it. */
interface Known {
  readonly owned: OwnedSpec;
  readonly id: string;
  readonly owner: Actor;
}

const actor = fc.constantFrom<Actor>('user', 'other-user');

export const ownerIsolation: Principle<readonly OwnerStep[]> = {
  name: 'owner-isolation',
  statement: 'one user\'s object, read or changed by the other user, is refused with 403 or 404, never answered 2xx',

  notApplicable(target) {
    if (target.users === undefined) return 'the target declares no users (users.user and users.otherUser)';
    if (target.owned.length === 0) return 'the target declares nothing the users own (owned[])';
    return undefined;
  },

  plan(target) {
    const creatable = target.owned.flatMap((o, i) => (o.create === undefined ? [] : [i]));
    const methods = [...new Set(['GET', ...target.owned.flatMap((o) => o.methods)])];
    const request = fc.record({ act: fc.constant('request' as const), role: actor, method: fc.constantFrom(...methods), object: fc.nat({ max: 20 }) });
    const step: fc.Arbitrary<OwnerStep> = creatable.length === 0
      ? request
      : fc.oneof(fc.record({ act: fc.constant('create' as const), role: actor, owned: fc.constantFrom(...creatable) }), request);
    return fc.array(step, { minLength: 1, maxLength: 8 });
  },

  settings: () => ({}),

  async check(run, steps) {
    const known = initialObjects(run.target);
    for (const step of steps) {
      if (step.act === 'create') {
        const owned = run.target.owned[step.owned]!;
        const create = owned.create!;
        const exchange = await run.send(step.role, { method: create.method, path: create.path, headers: create.headers, ...(create.body === undefined ? {} : { body: create.body }) });
        const id = createdId(exchange);
        if (id !== undefined) known.push({ owned, id, owner: step.role });
        continue;
      }
      // An object whose method the target does not declare is skipped: the step only means something for one.
      const object = known.length === 0 ? undefined : known[step.object % known.length]!;
      if (object === undefined || (step.method !== 'GET' && !object.owned.methods.includes(step.method as OwnedSpec['methods'][number]))) continue;
      const body = step.method === 'PUT' || step.method === 'PATCH' ? { body: object.owned.create?.body ?? {} } : {};
      const path = itemAt(object.owned.path, object.id);
      const exchange = await run.send(step.role, { method: step.method, path, ...body });
      const status = exchange.response?.status;
      if (object.owner !== step.role && status !== undefined && refusedWrongly(status)) {
        // The run ends at its first broken answer: what follows it cannot make it right, and the recorded
        // counterexample stops where it broke (fast-check shrinks a list from its front, not its end).
        return [`${step.role} ${step.method} ${path}, ${object.owner}'s ${object.owned.name} object, was answered ${status}, not 403 or 404`];
      }
    }
    return [];
  },
};

/**
 * 2xx and 3xx hand over or change the object; 5xx says the check ran into a fault it should have refused
 * before. A 400 or a 405 reveals nothing of the object and changes nothing, so it is not held against it.
 */
const refusedWrongly = (status: number): boolean => status < 400 || status >= 500;

function initialObjects(target: Target): Known[] {
  return target.owned.flatMap((owned) => [
    ...(owned.ids?.user ?? []).map((id) => ({ owned, id, owner: 'user' as const })),
    ...(owned.ids?.otherUser ?? []).map((id) => ({ owned, id, owner: 'other-user' as const })),
  ]);
}
