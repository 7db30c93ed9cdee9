import { type HttpRequest, type HttpResponse, jsonResponse, response } from '../http/message.js';
import { methodNotAllowed, notFound, problemResponse } from '../http/problem.js';
import { quotaExceeded } from '../http/quota-exceeded.js';
import type { PostsStore } from '../posts/store.js';
import { readUserBody } from './body.js';
import { pageResponse } from '../http/paging/page.js';
import { readUserPatch } from './patch.js';
import { parseUsersPath } from './path.js';
import { readQuery } from '../http/paging/list-query.js';
import type { UsersStore } from './store.js';
import { maxNameChars, type UserFields } from './fields.js';

/** Users own posts, and deleting a user reaches into the posts, so the routes see both stores. */
export interface Stores {
  readonly users: UsersStore;
  readonly posts: PostsStore;
}

const collectionMethods = ['GET', 'POST'] as const;
const itemMethods = ['GET', 'PUT', 'PATCH', 'DELETE'] as const;
const postsMethods = ['GET'] as const;

/**
 * `/users`, `/users/<id>` and `/users/<id>/posts`. Checks run in one order everywhere: the path's shape
 * (404), the method (405), the query (400), that the user exists (404), the body (413, 415, 400, 422), then
 * the creator's quota (507). Every check comes before any change, so a refused request changes nothing.
 */
export function handleUsers(stores: Stores, req: HttpRequest, pathname: string, query: string, callerId?: number): HttpResponse {
  const path = parseUsersPath(pathname);
  if (path === undefined) return notFound(pathname);
  switch (path.kind) {
    case 'users':
      return collection(stores.users, req, query, callerId);
    case 'user':
      return item(stores, req, path.userId, pathname, query);
    case 'posts':
      return postsOf(stores, req, path.userId, pathname, query);
  }
}

function collection(users: UsersStore, req: HttpRequest, query: string, callerId: number | undefined): HttpResponse {
  switch (req.method) {
    case 'GET': {
      const read = readQuery(query, ['limit', 'cursor', 'name'], maxNameChars);
      if (!read.ok) return problemResponse(read.problem);
      const { limit, cursor, name } = read.query;
      const page = users.page({ limit, afterId: cursor, namePrefix: name });
      return pageResponse('/users', read.query, page.items, page.more);
    }
    case 'POST': {
      const read = readQuery(query, []);
      if (!read.ok) return problemResponse(read.problem);
      const body = readUserBody(req);
      if (!body.ok) return problemResponse(body.problem);
      if (callerId !== undefined) {
        const room = users.room(callerId, body.fields);
        if (!room.ok) return quotaExceeded(room);
      }
      const user = users.add(body.fields, callerId);
      return jsonResponse(201, user, { location: `/users/${user.id}` });
    }
    default:
      return methodNotAllowed(req.method, collectionMethods);
  }
}

function item(stores: Stores, req: HttpRequest, id: number, pathname: string, query: string): HttpResponse {
  if (!(itemMethods as readonly string[]).includes(req.method)) return methodNotAllowed(req.method, itemMethods);
  const read = readQuery(query, []);
  if (!read.ok) return problemResponse(read.problem);
  const current = stores.users.get(id);
  // Only POST creates users, so a PUT to a free id is 404, not a creation: ids stay the server's to give.
  if (current === undefined) return notFound(pathname);

  switch (req.method) {
    case 'GET':
      return jsonResponse(200, current);
    case 'PUT': {
      const body = readUserBody(req);
      if (!body.ok) return problemResponse(body.problem);
      return replaced(stores.users, id, body.fields);
    }
    case 'PATCH': {
      const patch = readUserPatch(req, current);
      if (!patch.ok) return problemResponse(patch.problem, patch.headers);
      return replaced(stores.users, id, patch.fields);
    }
    default: // DELETE
      stores.users.delete(id);
      stores.posts.removeAuthor(id);
      return response(204);
  }
}

/** A PUT or PATCH that passed every check: the quota of the user's creator is the last, right before the change. */
function replaced(users: UsersStore, id: number, fields: UserFields): HttpResponse {
  const room = users.roomToReplace(id, fields);
  return room.ok ? jsonResponse(200, users.replace(id, fields)) : quotaExceeded(room);
}

function postsOf(stores: Stores, req: HttpRequest, id: number, pathname: string, query: string): HttpResponse {
  if (req.method !== 'GET') return methodNotAllowed(req.method, postsMethods);
  const read = readQuery(query, ['limit', 'cursor']);
  if (!read.ok) return problemResponse(read.problem);
  if (!stores.users.has(id)) return notFound(pathname);
  const page = stores.posts.postsByAuthor(id, { limit: read.query.limit, beforeId: read.query.cursor });
  return pageResponse(pathname, read.query, page.items, page.more);
}
