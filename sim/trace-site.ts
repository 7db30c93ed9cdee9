import type { TraceKind } from './trace.js';

/** Incremented for every dictionary a `TraceHash` starts, in any run of this process: see `TraceSite.dictionary`. */
let lastDictionary = 0;

/** A number no dictionary started before has: names a `TraceHash`'s current dictionary, and no other. */
export function newDictionaryNumber(): number {
  return ++lastDictionary;
}

/**
 * Where a hop happens: the event kind and the names around it, fixed for one direction of one link (`send`,
 * `deliver`, `drop`) or one node (`process`, `complete`). Every message through there shares it, so the
 * trace hash looks these four names up in its dictionary once per run instead of once per event
 * (`TraceHash.hop`); the events, and so the hash, are the same as with the names passed one by one.
 */
export class TraceSite {
  readonly kind: TraceKind;
  readonly from: string;
  readonly to: string;
  readonly link: string;
  /**
   * The dictionary whose ids for `kind`, `from`, `to` and `link` are below, or 0. A number unique in the
   * process, not a per-trace count, so a site that two runs share (or a dictionary started afresh) can never
   * take another dictionary's ids for its own. It only says which cached ids are valid: never in the hash.
   */
  dictionary = 0;
  kindId = 0;
  fromId = 0;
  toId = 0;
  linkId = 0;
  /** `kindId`, `fromId` and `toId` are each below 128, so each is one byte of the encoding. */
  namesFitAByte = false;
  /**
   * The last method and note hashed here, and their ids in the same dictionary: a site sees few of either
   * (`PUT`, `GET`; `''`, `handled in 15.000 ms`, a fault's reason), so one comparison usually finds them.
   */
  method: string | undefined = undefined;
  methodId = 0;
  note: string | undefined = undefined;
  noteId = 0;

  constructor(kind: TraceKind, from: string, to: string, link = '') {
    this.kind = kind;
    this.from = from;
    this.to = to;
    this.link = link;
  }
}
