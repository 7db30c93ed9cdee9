/**
 * JSON Merge Patch (RFC 7396 §2), as a pure function: it never changes `target` or `patch` and returns the
 * merged document. A member set to null is removed, an object merges member by member, and anything else
 * (a string, a number, an array) replaces what was there whole.
 *
 * It recurses as deep as the patch nests, so a caller that accepts patches from the network must bound that
 * depth first (a 64 KiB body can nest 16 000 objects, more than the stack holds).
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const merged = new Map<string, unknown>(isObject(target) ? Object.entries(target) : []);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) merged.delete(name);
    else merged.set(name, applyMergePatch(merged.get(name), value));
  }
  // fromEntries defines own data properties, so a member named "__proto__" stays a member and never
  // becomes the prototype of the result.
  return Object.fromEntries(merged);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
