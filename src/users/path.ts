/**
 * The three shapes of path this resource answers. `userId` is also the owner of the object at the path:
 * a user owns their record and their list of posts, which is what the authorization gate compares with
 * the caller.
 */
export type UsersPath =
  | { readonly kind: 'users' }
  | { readonly kind: 'user'; readonly userId: number }
  | { readonly kind: 'posts'; readonly userId: number };

const itemPath = /^\/users\/([1-9][0-9]{0,14})(\/posts)?$/;

/** Undefined for any other path, including ids with a sign, a leading zero or a trailing slash (one user, one URL). */
export function parseUsersPath(pathname: string): UsersPath | undefined {
  if (pathname === '/users') return { kind: 'users' };
  const match = itemPath.exec(pathname);
  if (match === null) return undefined;
  const userId = Number(match[1]);
  return match[2] === undefined ? { kind: 'user', userId } : { kind: 'posts', userId };
}
