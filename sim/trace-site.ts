import type { TraceKind } from './trace-event.js';

/** Incremented for every dictionary a `TraceHash` starts, in any run of this process: see `TraceSite.dictionary`. */
let lastDictionary = 0;

/** A number no dictionary started before has: names a `TraceHash`'s current dictionary, and no other. */
export function newDictionaryNumber(): number {
  return ++lastDictionary;
}

/** One string for the four names, different for any two sites that differ in one of them (a length before each name but the last). */
export function siteKey(kind: string, from: string, to: string, link: string): string {
  return `${kind.length}:${kind}${from.length}:${from}${to.length}:${to}${link}`;
}

/**
 * Where a hop happens: the event kind and the names around it, fixed for one direction of one link (`send`,
 * `deliver`, `drop`) or one node (`process`, `complete`). Every message through there shares it. The trace
 * hash writes the four names once per dictionary and then the site's id (`TraceHash.hop`), which the site
 * keeps, so an event at a known site costs one comparison and one byte for its four names.
 */
export class TraceSite {
  readonly kind: TraceKind;
  readonly from: string;
  readonly to: string;
  readonly link: string;
  /** The site's names as one dictionary key (`siteKey`): two sites with the same names have the same id. */
  readonly key: string;
  /**
   * The dictionary the ids below belong to, or 0. A number unique in the process, not a per-trace count, so a
   * site that two runs share (or a dictionary started afresh) can never take another dictionary's ids for its
   * own. It only says which cached ids are valid: never in the hash.
   */
  dictionary = 0;
  id = 0;
  /**
   * The last note hashed here other than `''`, and its id, or 0 when it has none (too long to remember): a
   * site sees few notes (`handled in 15.000 ms`, a fault's reason), so one comparison usually finds its id.
   */
  note = '';
  noteId = 0;

  constructor(kind: TraceKind, from: string, to: string, link = '') {
    this.kind = kind;
    this.from = from;
    this.to = to;
    this.link = link;
    this.key = siteKey(kind, from, to, link);
  }
}
