/**
 * The key a request target is stored and invalidated under: the target with an empty query dropped, so
 * `/notes/51?` and `/notes/51` are one entry (the origin answers both as the same note; with two keys a
 * `PUT /notes/51?` left `/notes/51` served stale). Other spellings of a path are not merged: the origin
 * answers them 404, so they share nothing to go stale.
 */
export function cacheKey(target: string): string {
  return target.endsWith('?') ? target.slice(0, -1) : target;
}
