/** `/posts/<post_id>/comments`: the one path under `/posts` that has a route so far. */
export interface CommentsPath {
  readonly postId: number;
}

const commentsPath = /^\/posts\/([1-9][0-9]{0,14})\/comments$/;

/** Undefined for any other path, ids with a sign, a leading zero or a trailing slash included (one list, one URL). */
export function parseCommentsPath(pathname: string): CommentsPath | undefined {
  const match = commentsPath.exec(pathname);
  return match === null ? undefined : { postId: Number(match[1]) };
}
