import { parsePathId } from '../../src/http/path-id.js';

/** An item's id as the history keeps it: apisim's own notes have numbers, another service's ids are strings. */
export type ItemId = number | string;

/**
 * Where the items a history is about live, and what of them it follows: a collection that POST creates in,
 * an item path (`{id}` as OpenAPI writes it), and the body member whose value the register holds. The
 * checker treats every item as one register, so a history of a target's notes (or todos, or documents) is
 * checked the same way as apisim's own.
 */
export interface ItemResource {
  readonly collection: string;
  /** e.g. `/notes/{id}`. */
  readonly item: string;
  /** The body member a write sets and a read returns, e.g. `content`. */
  readonly member: string;
  /** The id a path segment names as sent (still percent-encoded), or `undefined` when it names no item. */
  readonly idInPath: (segment: string) => ItemId | undefined;
  /** The id a created answer's body names in its `id` member, or `undefined`. */
  readonly idInBody: (value: unknown) => ItemId | undefined;
}

/**
 * apisim's own notes: ids are positive integers, read from the path as the origin reads them (undecoded), so
 * `/notes/abc` names no note (src/http/path-id.ts).
 */
export const ownNotes: ItemResource = {
  collection: '/notes',
  item: '/notes/{id}',
  member: 'content',
  idInPath: parsePathId,
  idInBody: (value) => (typeof value === 'number' ? parsePathId(String(value)) : undefined),
};

/**
 * What a target says of one writable resource (properties/targets/target.ts): only the fields a history needs.
 */
export interface WritableShape {
  readonly collection: string;
  readonly item: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * A target's writable resource as a history reads it. The register is the body's first string member: the
 * one the checks vary to tell writes apart (target.ts). Ids are strings as the service wrote them, any
 * non-empty segment decoded as routers decode it (`itemAt` encodes it), because a service that names notes
 * `n1` or by UUID is as entitled to them as to `1`; a number in a body is the same id as its digits in a path.
 */
export function writableResource(writable: WritableShape): ItemResource {
  const member = Object.keys(writable.body).find((name) => typeof writable.body[name] === 'string');
  if (member === undefined) throw new Error(`the body of ${writable.collection} has no string member for a history to follow`);
  return { collection: writable.collection, item: writable.item, member, idInPath: decodedSegment, idInBody: stringId };
}

function decodedSegment(segment: string): string | undefined {
  try {
    const id = decodeURIComponent(segment);
    return id.length === 0 ? undefined : id;
  } catch {
    return undefined;
  }
}

function stringId(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The id in `pathname` when it is one item's path, else `undefined`. */
export function itemIdIn(resource: ItemResource, pathname: string): ItemId | undefined {
  const at = resource.item.indexOf('{id}');
  const prefix = resource.item.slice(0, at);
  const suffix = resource.item.slice(at + '{id}'.length);
  if (!pathname.startsWith(prefix) || !pathname.endsWith(suffix) || pathname.length <= prefix.length + suffix.length) return undefined;
  const segment = pathname.slice(prefix.length, pathname.length - suffix.length);
  return segment.includes('/') ? undefined : resource.idInPath(segment);
}

/** Ids in a stable order for reports: numbers by value, then strings by code unit. */
export function compareItemIds(a: ItemId, b: ItemId): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
