import { itemAt, type OwnedSpec, type Target } from './targets/target.js';
import type { Role, TargetSession } from './targets/target-session.js';
import { createdId } from './created-id.js';
import { filled, type MadeObject } from './conformance/owned-object.js';

/**
 * Makes one object of an owned kind as `role`, the way the description says (`owned[].create`). A nested
 * kind (`within`) is made inside a new object of its parent kind, made first by the same user: a task in
 * the user's own project, so that the other user's request is refused for the task's owner and not for a
 * project that does not exist. Undefined `made` says why nothing was made, in words a verdict can carry.
 */
export async function makeOwned(run: TargetSession, owned: OwnedSpec, role: Role): Promise<{ readonly made?: MadeObject; readonly why: string }> {
  const create = owned.create;
  if (create === undefined) return { why: `${owned.name} has no create` };
  let scope: Readonly<Record<string, string>> = {};
  if (owned.within !== undefined) {
    const parent = parentOf(run.target, owned);
    const made = await makeOwned(run, parent, role);
    if (made.made === undefined) return { why: `${role} could not make the ${parent.name} object it is made in: ${made.why}` };
    scope = { ...made.made.scope, [owned.within.param]: made.made.id };
  }
  const createPath = filled(create.path, scope);
  const exchange = await run.send(role, { method: create.method, path: createPath, headers: create.headers, ...(create.body === undefined ? {} : { body: create.body }) });
  const id = createdId(exchange);
  if (id === undefined) return { why: `${role}'s ${create.method} ${createPath} made nothing with an id (${exchange.response?.status ?? 'no answer'})` };
  return { made: { id, path: itemAt(filled(owned.path, scope), id), scope }, why: 'made' };
}

/**
 * A path of an owned kind for an object no one has: every id in it, its own and its parents', is `missing`.
 * A request there is refused for the object, whoever sends it, and only a check of who sends it comes first.
 */
export const absentObjectPath = (template: string, missing: string): string => template.replace(/\{[^}]+\}/g, encodeURIComponent(missing));

/** The kind a nested kind is made in; the description's check (`target.ts`) made sure there is one. */
const parentOf = (target: Target, owned: OwnedSpec): OwnedSpec => target.owned.find((o) => o.name === owned.within?.owned)!;
