import { createHash, type Hash } from 'node:crypto';
import type { TraceEvent } from './trace.js';
import { newDictionaryNumber, type TraceSite } from './trace-site.js';

/** One native SHA-256 update per this many bytes of encoded events, instead of one per event. */
const bufferBytes = 65_536;
/** Room for an event's fixed-size parts (seven numbers of at most 8 bytes, seven string ids); texts make their own room. */
const eventHeadroomBytes = 256;
/** Strings remembered by their first appearance; once this many are, the dictionary starts afresh. */
const dictionaryEntries = 4_096;
/** Longer strings (rare: notes with details) are written out every time, so the dictionary's memory stays small. */
const rememberedMaxChars = 64;
/** Slots of the dictionary's cache, less one: a power of two, so a mask picks the slot. */
const recentMask = 255;

/** LEB128 of a uint32 at `at`; returns where the next byte goes. */
function varint(buffer: Uint8Array, at: number, n: number): number {
  while (n > 0x7f) {
    buffer[at++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  buffer[at++] = n;
  return at;
}

/**
 * The running SHA-256 of a trace, over a compact binary encoding of each event: its fields in the order of
 * `canonicalLine`, each number n as the LEB128 varint of n + 1, each string as the varint of its id in a
 * dictionary of strings by first appearance or, the first time (and always when long), as 0, its UTF-8
 * length and its bytes.
 *
 * Why binary: a text line per event (number formatting, concatenation, UTF-8 conversion) cost several times
 * what SHA-256 itself costs; the trace's few distinct strings (kinds, node names, paths) are now written once.
 * Why still SHA-256: it is native (hardware instructions where the CPU has them), needs no dependency, and at
 * about 20 bytes an event it is no longer the cost. `add` is written as one straight run over a local
 * offset because that measured a third faster than a method per field.
 *
 * The encoding is a pure function of the events in order, so the hash is the same on every Node version and
 * platform: integer arithmetic only, bytes written one by one (no platform byte order), a dictionary whose
 * ids follow first appearance (no `Map` iteration order, no object keys), and numbers outside the varint
 * range (negative, fractional, past 2^53) written as their ECMAScript string form, which the language
 * specifies digit for digit. It is unambiguous: a decoder replaying the dictionary rule could read every
 * event back, so different traces hash apart.
 */
export class TraceHash {
  readonly #sha: Hash = createHash('sha256');
  readonly #buffer = new Uint8Array(bufferBytes);
  #at = 0;
  readonly #ids = new Map<string, number>();
  /** A direct-mapped cache in front of `#ids`, which otherwise is the largest part of hashing (see `#id`). */
  readonly #recentStrings: (string | undefined)[] = new Array<string | undefined>(recentMask + 1).fill(undefined);
  readonly #recentIds = new Int32Array(recentMask + 1);
  /** The path last hashed for an exchange, by its id's last bits, and that path's id (see `#path`). */
  readonly #pathBySlot: (string | undefined)[] = new Array<string | undefined>(recentMask + 1).fill(undefined);
  readonly #pathIdBySlot = new Int32Array(recentMask + 1);
  /** Which dictionary `#ids` holds, as `TraceSite.dictionary` names it. */
  #dictionary = newDictionaryNumber();

  add(e: TraceEvent): void {
    this.fields(e.atUs, e.kind, e.from, e.to, e.exchangeId, e.attempt, e.status, e.method, e.path, e.bytes, e.link, e.queuedUs, e.transmitUs, e.note);
  }

  /** `add` of an event that was never built: the fields of a `TraceEvent`, in its order. */
  fields(
    atUs: number, kind: string, from: string, to: string, exchangeId: number, attempt: number, status: number, method: string,
    path: string, bytes: number, link: string, queuedUs: number, transmitUs: number, note: string,
  ): void {
    if (this.#at + eventHeadroomBytes > bufferBytes) this.#flush();
    const b = this.#buffer;
    let at = this.#at;
    at = this.#number(b, at, atUs);
    at = this.#string(b, at, kind);
    at = this.#string(b, at, from);
    at = this.#string(b, at, to);
    at = this.#number(b, at, exchangeId);
    at = this.#number(b, at, attempt);
    at = this.#number(b, at, status);
    at = this.#string(b, at, method);
    at = this.#string(b, at, path);
    at = this.#number(b, at, bytes);
    at = this.#string(b, at, link);
    at = this.#number(b, at, queuedUs);
    at = this.#number(b, at, transmitUs);
    at = this.#string(b, at, note);
    this.#at = at;
  }

  /**
   * `fields` of an event at `site`: the same bytes, with the site's four names written from the ids it
   * keeps instead of looked up. Their first event in a dictionary goes through `fields`, which gives them ids.
   */
  hop(
    site: TraceSite, atUs: number, exchangeId: number, attempt: number, status: number, method: string, path: string, bytes: number,
    queuedUs: number, transmitUs: number, note: string,
  ): void {
    if (site.dictionary !== this.#dictionary) {
      this.fields(atUs, site.kind, site.from, site.to, exchangeId, attempt, status, method, path, bytes, site.link, queuedUs, transmitUs, note);
      this.#learn(site);
      return;
    }
    if (this.#at + eventHeadroomBytes > bufferBytes) this.#flush();
    const b = this.#buffer;
    let at = this.#at;
    at = this.#number(b, at, atUs);
    // An id below 128 is one byte of varint, and nearly every id is: written here, in each place, because
    // `varint` with a one-byte shortcut, called instead, counted 1,150 more instructions a hashed round trip.
    if (site.namesFitAByte) {
      b[at] = site.kindId;
      b[at + 1] = site.fromId;
      b[at + 2] = site.toId;
      at += 3;
    } else {
      at = varint(b, at, site.kindId);
      at = varint(b, at, site.fromId);
      at = varint(b, at, site.toId);
    }
    at = this.#number(b, at, exchangeId);
    at = this.#number(b, at, attempt);
    at = this.#number(b, at, status);
    if (method === site.method) {
      if (site.methodId < 0x80) b[at++] = site.methodId;
      else at = varint(b, at, site.methodId);
    } else {
      at = this.#string(b, at, method);
      site.methodId = this.#siteId(site, method);
      site.method = site.methodId === 0 ? undefined : method;
    }
    // The ten or so events of an exchange name the same path, and the exchanges in flight at once rarely share
    // a slot: after an exchange's first event, one comparison finds its path's id (`#path` on a miss).
    const slot = exchangeId & recentMask;
    if (this.#pathBySlot[slot] === path) {
      const id = this.#pathIdBySlot[slot]!;
      if (id < 0x80) b[at++] = id;
      else at = varint(b, at, id);
    } else at = this.#path(b, at, path, slot);
    at = this.#number(b, at, bytes);
    // The method or path may have filled the dictionary, which then started afresh: the site's ids are then stale.
    const fresh = site.dictionary === this.#dictionary;
    if (!fresh) at = this.#string(b, at, site.link);
    else if (site.linkId < 0x80) b[at++] = site.linkId;
    else at = varint(b, at, site.linkId);
    at = this.#number(b, at, queuedUs);
    at = this.#number(b, at, transmitUs);
    if (fresh && note === site.note) {
      if (site.noteId < 0x80) b[at++] = site.noteId;
      else at = varint(b, at, site.noteId);
    } else {
      at = this.#string(b, at, note);
      site.noteId = this.#siteId(site, note);
      site.note = site.noteId === 0 ? undefined : note;
    }
    this.#at = at;
  }

  /**
   * `#string` of a hop's path that its exchange's slot did not hold, which the slot then keeps. Written out
   * here, not as `#string` and a second lookup for the id: counted (`npm run bench:counts`), that cost about
   * 1,400 instructions more for each path's first sighting.
   */
  #path(b: Uint8Array, at: number, path: string, slot: number): number {
    let id = this.#id(path);
    if (id === 0) {
      b[at++] = 0;
      at = this.#text(at, path);
      if (path.length > rememberedMaxChars) return at;
      // Given after the text, as `#string` gives it; if that started the dictionary afresh, the slots were cleared with it.
      id = this.#remember(path);
    } else if (id < 0x80) b[at++] = id;
    else at = varint(b, at, id);
    this.#pathBySlot[slot] = path;
    this.#pathIdBySlot[slot] = id;
    return at;
  }

  /** The id of `s` in the dictionary whose ids the site keeps, or 0 when it has none there (too long, or the dictionary started afresh). */
  #siteId(site: TraceSite, s: string): number {
    return site.dictionary === this.#dictionary ? (this.#ids.get(s) ?? 0) : 0;
  }

  /** Keeps the site's ids in this dictionary, unless one of its names is not in it (too long to remember). */
  #learn(site: TraceSite): void {
    const ids = this.#ids;
    const kindId = ids.get(site.kind);
    const fromId = ids.get(site.from);
    const toId = ids.get(site.to);
    const linkId = ids.get(site.link);
    if (kindId === undefined || fromId === undefined || toId === undefined || linkId === undefined) return;
    site.kindId = kindId;
    site.fromId = fromId;
    site.toId = toId;
    site.linkId = linkId;
    site.namesFitAByte = kindId < 0x80 && fromId < 0x80 && toId < 0x80;
    site.method = undefined;
    site.note = undefined;
    site.dictionary = this.#dictionary;
  }

  /** Hex SHA-256 of every event so far; adding more afterwards continues the same hash. */
  digest(): string {
    this.#flush();
    return this.#sha.copy().digest('hex');
  }

  #flush(): void {
    if (this.#at === 0) return;
    this.#sha.update(this.#buffer.subarray(0, this.#at));
    this.#at = 0;
  }

  #number(b: Uint8Array, at: number, n: number): number {
    // -0 passes as 0, as its string form "0" did in the text lines.
    if (n >>> 0 !== n || n === 0xffff_ffff) return this.#rareNumber(at, n);
    // The varint written out here and in `#string`: measured faster than a call to `varint` on this path.
    n++;
    while (n > 0x7f) {
      b[at++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    b[at++] = n;
    return at;
  }

  /** A safe integer past uint32 (a run longer than 71 minutes) by division, anything else as 0 and its string form. */
  #rareNumber(at: number, n: number): number {
    const b = this.#buffer;
    if (Number.isSafeInteger(n) && n >= 0 && n < Number.MAX_SAFE_INTEGER) {
      let rest = n + 1;
      while (rest > 0x7f) {
        b[at++] = (rest % 128) | 0x80;
        rest = Math.floor(rest / 128);
      }
      b[at++] = rest;
      return at;
    }
    b[at++] = 0;
    return this.#text(at, String(n));
  }

  #string(b: Uint8Array, at: number, s: string): number {
    let id = this.#id(s);
    if (id !== 0) {
      while (id > 0x7f) {
        b[at++] = (id & 0x7f) | 0x80;
        id >>>= 7;
      }
      b[at++] = id;
      return at;
    }
    b[at++] = 0;
    at = this.#text(at, s);
    if (s.length <= rememberedMaxChars) this.#remember(s);
    return at;
  }

  /**
   * The string's id, or 0 when it is not in the dictionary. A table indexed by the length and the last three
   * characters (where `/notes/17` and `/notes/27` differ) answers most lookups with one comparison; a miss
   * there asks the `Map`. Either gives the same id, so the table changes only the speed. With the middle
   * character instead of the third last, the paths of the benchmark's round trips missed twice as often.
   */
  #id(s: string): number {
    const length = s.length;
    const slot = length < 3 ? length : (length * 31 + s.charCodeAt(length - 1) + s.charCodeAt(length - 2) * 11 + s.charCodeAt(length - 3) * 101) & recentMask;
    if (this.#recentStrings[slot] === s) return this.#recentIds[slot]!;
    const id = this.#ids.get(s);
    if (id === undefined) return 0;
    this.#recentStrings[slot] = s;
    this.#recentIds[slot] = id;
    return id;
  }

  /** Gives `s` the next id, starting the dictionary afresh first if it is full; returns the id. */
  #remember(s: string): number {
    if (this.#ids.size === dictionaryEntries) {
      this.#ids.clear();
      this.#recentStrings.fill(undefined);
      this.#pathBySlot.fill(undefined);
      this.#dictionary = newDictionaryNumber();
    }
    const id = this.#ids.size + 1;
    this.#ids.set(s, id);
    return id;
  }

  /**
   * UTF-8 byte length, then the bytes, from `at`; returns where the next byte goes, after a flush if the
   * text needed the room. ASCII (nearly every string here) is copied without a native call.
   */
  #text(at: number, s: string): number {
    this.#at = at;
    const length = s.length;
    if (length + 5 + eventHeadroomBytes <= bufferBytes) {
      this.#room(length + 5);
      const b = this.#buffer;
      let end = varint(b, this.#at, length);
      let i = 0;
      for (; i < length; i++) {
        const c = s.charCodeAt(i);
        if (c > 0x7f) break;
        b[end++] = c;
      }
      if (i === length) return end;
    }
    const bytes = Buffer.byteLength(s, 'utf8');
    this.#room(5);
    this.#at = varint(this.#buffer, this.#at, bytes);
    if (bytes + eventHeadroomBytes > bufferBytes) {
      this.#flush();
      this.#sha.update(s, 'utf8');
    } else {
      this.#room(bytes);
      this.#at += Buffer.from(this.#buffer.buffer, this.#buffer.byteOffset, bufferBytes).write(s, this.#at, 'utf8');
    }
    return this.#at;
  }

  /** Flushes unless `bytes` more fit and still leave an event's headroom after them. */
  #room(bytes: number): void {
    if (this.#at + bytes + eventHeadroomBytes > bufferBytes) this.#flush();
  }
}
