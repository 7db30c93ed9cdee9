import type { HttpRequest, HttpResponse } from '../http/message.js';
import { forbidden } from '../http/problem.js';
import type { Guard } from '../policy/guard.js';
import { actionFor, type ObjectRef, type Operation } from '../policy/operation.js';
import { parseUsersPath } from './path.js';
import { handleUsers, type Stores } from './routes.js';

/**
 * Users and a user's posts, behind gate 2: it runs before the lookup, and an owner-limited operation on
 * someone else's id is 403 whether or not that id exists, so the answer does not reveal which ids are taken.
 * A user made by POST is its creator's; any other id is the account's with that number.
 * A path or method the resource does not have goes straight to its 404 or 405.
 */
export function handleUsersAs(guard: Guard, stores: Stores, req: HttpRequest, pathname: string, query: string): HttpResponse {
  const target = parseUsersPath(pathname);
  const action = target === undefined ? undefined : actionFor(req.method, target.kind !== 'user');
  if (target === undefined || action === undefined) return handleUsers(stores, req, pathname, query);
  const operation: Operation = { action, resource: target.kind === 'posts' ? 'posts' : 'users' };
  const object: ObjectRef = target.kind === 'users' ? { resource: 'users' } : { resource: operation.resource, id: target.userId };
  const access = guard.access(operation, object);
  if (!access.allow) return forbidden(access.reason);
  if (access.lookup.kind === 'owner' && target.kind !== 'users' && access.lookup.userId !== stores.users.ownerOf(target.userId)) {
    guard.deny(operation, object, 'not the owner');
    return forbidden(`user ${target.userId} is not you`);
  }
  return handleUsers(stores, req, pathname, query, guard.subject.userId);
}
