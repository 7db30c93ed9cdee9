import { type Caller, callerName } from './caller.js';
import { type CheckContext, finding, type Finding, is2xx } from './check.js';
import { itemPath, type OwnedShape } from './service-shape.js';
import { createdId } from './writable-requests.js';

/** An object a check made: its id, its path, and the ids of the objects it was made in, by their names in its kind's paths. */
export interface MadeObject {
  readonly id: string;
  readonly path: string;
  readonly scope: Readonly<Record<string, string>>;
}

/**
 * Makes one of `owned` as `owner` (no one, for what anyone may make): a nested kind inside a new object of
 * its parent kind, made first by the same owner, so that what is sent to it is judged on an object that
 * exists, not refused for a parent that is not there. A create that did not make one is the finding that
 * says so. `made` hears each object made, parents first (to remove them after).
 */
export async function makeOwned(ctx: CheckContext, owned: OwnedShape, owner: Caller | undefined, made: (object: MadeObject, kind: OwnedShape) => void = () => undefined): Promise<MadeObject | Finding> {
  let scope: Readonly<Record<string, string>> = {};
  if (owned.within !== undefined) {
    const parent = await makeOwned(ctx, owned.within.parent, owner, made);
    if ('what' in parent) return parent;
    scope = { ...parent.scope, [owned.within.param]: parent.id };
  }
  const create = owned.create!;
  const createPath = filled(create.path, scope);
  const created = await ctx.origin.send(create.method, createPath, { as: owner, json: create.body, headers: create.headers });
  const id = is2xx(created.response.status) ? createdId(created, createPath) : undefined;
  if (id === undefined) return finding(`${callerName(owner)} could not create one of ${owned.name}: ${create.method} ${createPath} answered ${created.response.status}`, '201 with the id in the body or in Location', created);
  const object = { id, path: itemPath(filled(owned.item, scope), id), scope };
  made(object, owned);
  return object;
}

/** A path with the ids of `scope` in the places its names hold. */
export const filled = (template: string, scope: Readonly<Record<string, string>>): string =>
  template.replace(/\{([^}]+)\}/g, (slot, name: string) => (Object.hasOwn(scope, name) ? encodeURIComponent(scope[name]!) : slot));
