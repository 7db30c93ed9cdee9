import type { HttpRequest, HttpResponse } from '../http/message.js';
import { forbidden, methodNotAllowed, notFound, problemResponse } from '../http/problem.js';
import type { Guard } from '../policy/guard.js';
import { actionFor } from '../policy/operation.js';
import { pageResponse } from '../http/paging/page.js';
import { readQuery } from '../http/paging/list-query.js';
import { commentPage } from './comment-page.js';
import { parseCommentsPath } from './path.js';
import type { PostsStore } from './store.js';

const commentsMethods = ['GET'] as const;

/**
 * `GET /posts/<post_id>/comments`: the post's comments as whole records, paginated like
 * `/users/<id>/posts` (`limit`, `cursor`, `{items, next}` and a `Link` header). REST needs it to fetch what
 * the graph's `Post.comments` resolves. Reading comments is reading posts, as in the graph, so gate 2 asks
 * for `list posts` on the post. The order is the users' one: path (404), gate 2 (403), method (405), query
 * (400), that the post exists (404).
 */
export function handlePosts(posts: PostsStore, req: HttpRequest, pathname: string, query: string, guard: Guard): HttpResponse {
  const path = parseCommentsPath(pathname);
  if (path === undefined) return notFound(pathname);
  const action = actionFor(req.method, true);
  if (action === undefined) return methodNotAllowed(req.method, commentsMethods);
  const access = guard.access({ action, resource: 'posts' }, { resource: 'posts', id: path.postId });
  if (!access.allow) return forbidden(access.reason);
  if (req.method !== 'GET') return methodNotAllowed(req.method, commentsMethods);
  const read = readQuery(query, ['limit', 'cursor']);
  if (!read.ok) return problemResponse(read.problem);
  if (posts.post(path.postId) === undefined) return notFound(pathname);
  const page = commentPage(posts, path.postId, { limit: read.query.limit, afterId: read.query.cursor });
  return pageResponse(pathname, read.query, page.items, page.more);
}
