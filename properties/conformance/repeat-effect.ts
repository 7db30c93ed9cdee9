/**
 * What a repeated PUT or DELETE must leave as the first one left it, as one read shows it. RFC 9110 §9.2.2:
 * the intended effect of the repeat is the effect of the one request, and the server may still do things
 * the client did not ask for ("log each request separately, retain a revision control history"). The
 * intended effect is what the request wrote and which resources exist, so of a read's body this keeps:
 * - the members the request wrote (`written`, a PUT's body's members), whole, wherever an object has them;
 * - the shape that holds them: the body itself, and every object or list of objects on the way to them,
 *   so that a list that gains an item (a PUT that creates a second resource) reads differently;
 * and drops what the server sets by itself: every other member that is a plain value or a list of plain
 * values (an `updatedAt`, a revision counter, an ETag-like stamp). A DELETE writes no member: what stays is
 * which resources there are. A body that is not JSON is kept whole.
 *
 * The one statement of it: the principle `idempotent-methods` compares what it reads through it, and the
 * check `notes/put-idempotent` too (docs/decisions/targets-and-principles.md, "What a repeat must leave").
 */
export function intendedEffect(body: string | undefined, written: readonly string[]): string {
  if (body === undefined || body === '') return '';
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return body;
  }
  return JSON.stringify(kept(value, new Set(written)));
}

function kept(value: unknown, written: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => kept(item, written));
  if (typeof value !== 'object' || value === null) return value;
  const members: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    if (written.has(name)) members[name] = member;
    else if (holdsObjects(member)) members[name] = kept(member, written);
  }
  return members;
}

/** An object, or a list with an object in it: a place resources or written members may be. */
function holdsObjects(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsObjects);
  return typeof value === 'object' && value !== null;
}
