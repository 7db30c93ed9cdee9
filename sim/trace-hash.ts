import { createHash, type Hash } from 'node:crypto';
import type { TraceEvent, TraceKind } from './trace-event.js';
import { newDictionaryNumber, siteKey, TraceSite } from './trace-site.js';

/** One native SHA-256 update per this many bytes of encoded events, instead of one per event. */
const bufferBytes = 65_536;
/** Room for an event's fixed-size parts (its flags, seven numbers of at most 8 bytes, four ids); texts make their own room. */
const eventHeadroomBytes = 256;
/** Strings remembered by their first appearance; once this many are, the dictionary starts afresh. */
const dictionaryEntries = 4_096;
/** Longer strings (rare: notes with details) are written out every time, so the dictionary's memory stays small. */
const rememberedMaxChars = 64;
/** Slots of the dictionary's cache and of the exchanges' last messages, less one: a power of two, so a mask picks the slot. */
const recentMask = 255;

/** Whether `n` is written as the varint of n + 1 in a uint32 (`#number`, and `hop` in place): not past 2^32 − 2, not negative, not a fraction. */
function inVarintRange(n: number): boolean {
  return n >>> 0 === n && n !== 0xffff_ffff;
}

/** The last UTF-16 code unit of `s`, or 0 when it is empty. */
function lastCharCode(s: string): number {
  return s.length === 0 ? 0 : s.charCodeAt(s.length - 1);
}

/** LEB128 of a uint32 at `at`; returns where the next byte goes. */
function varint(buffer: Uint8Array, at: number, n: number): number {
  while (n > 0x7f) {
    buffer[at++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  buffer[at++] = n;
  return at;
}

/** Bits of an event's first byte: which of its fields it leaves out, because a decoder already knows them. */
const sameRequest = 1; // attempt, method and path: the ones its exchange's last event had
const sameResponse = 2; // status and bytes: the ones its exchange's last event had
const noTimes = 4; // queuedUs and transmitUs are both 0
const noNote = 8; // the note is ''
const timeDelta = 16; // atUs is written as its distance from the previous event's (else as itself)

/**
 * The running SHA-256 of a trace, over a compact binary encoding of each event, one event after the other:
 *
 * 1. a byte of flags (the constants above) saying which fields are left out or written differently;
 * 2. the site (`kind`, `from`, `to`, `link`): its varint id in a dictionary of sites by first appearance or,
 *    the first time, 0 and the four names as strings;
 * 3. `atUs`: with `timeDelta`, the distance from the previous event's, else itself as a number;
 * 4. `exchangeId` as a number;
 * 5. unless `sameRequest`: `attempt`, `method` and `path` (as text); unless `sameResponse`: `status`, `bytes`;
 *    unless `noTimes`: `queuedUs`, `transmitUs`; unless `noNote`: `note`.
 *
 * A number n is the LEB128 varint of n + 1 (0 then the ECMAScript string form when n is not a safe integer
 * in [0, 2^53 − 1)); a text is the varint of its UTF-8 length and its bytes; a string is the varint of its id
 * in a dictionary of strings by first appearance or, the first time (and always when long), 0 and its text.
 * A path is always text, never remembered: a run of writes names a new path in nearly every exchange, and
 * remembering each cost a `Map` lookup and insert, where its ten-odd bytes cost the native SHA-256 a few
 * nanoseconds (docs/decisions/trace-hash.md). "Its exchange's last event" is the
 * last event whose `exchangeId & 255` was the same, if it had this `exchangeId`; `timeDelta` is set
 * when the previous time was a safe integer in [0, 2^53), the distance an integer in [0, 2^32 − 1) and the
 * time below 2^53, so that adding the distance back is exact. When either dictionary holds 4,096 entries and
 * needs another, both start afresh.
 *
 * Why this shape: the ten events of a round trip pass the same message through the same few sites, so most
 * of an event is already known. The flags leave those fields out: the benchmark's round trips take under
 * eight bytes an event, where writing every field took twenty and fourteen fields' work (counted with
 * `npm run bench:counts`: docs/decisions/trace-hash.md). Why still SHA-256: it is native (hardware
 * instructions where the CPU has them), needs no dependency, and at these few bytes an event it is not the cost.
 *
 * The encoding is a pure function of the events in order, so the hash is the same on every Node version and
 * platform: integer arithmetic only, bytes written one by one (no platform byte order), dictionaries whose
 * ids follow first appearance (no `Map` iteration order, no object keys), state a decoder can keep too (the
 * previous time, each exchange slot's last message fields), and numbers outside the varint range written as
 * their ECMAScript string form, which the language specifies digit for digit. It is unambiguous: a decoder
 * replaying those rules could read every event back, so different traces hash apart.
 */
export class TraceHash {
  readonly #sha: Hash = createHash('sha256');
  readonly #buffer = new Uint8Array(bufferBytes);
  #at = 0;
  readonly #ids = new Map<string, number>();
  /** A direct-mapped cache in front of `#ids`, which otherwise is the largest part of writing a string (see `#id`). */
  readonly #recentStrings: (string | undefined)[] = new Array<string | undefined>(recentMask + 1).fill(undefined);
  readonly #recentIds = new Int32Array(recentMask + 1);
  /** Site ids by `siteKey`, and the sites `fields` made for names that came without one. */
  readonly #siteIds = new Map<string, number>();
  readonly #sites = new Map<string, TraceSite>();
  /**
   * A direct-mapped cache in front of `#sites`, by the names' lengths and last characters: events that arrive
   * built (`full` mode, cache decisions) repeat a few sites, and a key string per event tripled their cost.
   */
  readonly #recentSites: (TraceSite | undefined)[] = new Array<TraceSite | undefined>(recentMask + 1).fill(undefined);
  /** Which dictionary `#ids` and `#siteIds` hold, as `TraceSite.dictionary` names it. */
  #dictionary = newDictionaryNumber();
  #lastAtUs = 0;
  /** Each exchange slot's last message fields (`NaN`: no exchange yet, equal to none). */
  readonly #slotExchange = new Float64Array(recentMask + 1).fill(Number.NaN);
  readonly #slotAttempt = new Float64Array(recentMask + 1);
  readonly #slotMethod: string[] = new Array<string>(recentMask + 1).fill('');
  readonly #slotPath: string[] = new Array<string>(recentMask + 1).fill('');
  readonly #slotStatus = new Float64Array(recentMask + 1);
  readonly #slotBytes = new Float64Array(recentMask + 1);

  add(e: TraceEvent): void {
    this.fields(e.atUs, e.kind, e.from, e.to, e.exchangeId, e.attempt, e.status, e.method, e.path, e.bytes, e.link, e.queuedUs, e.transmitUs, e.note);
  }

  /** `add` of an event that was never built: the fields of a `TraceEvent`, in its order. */
  fields(
    atUs: number, kind: TraceKind, from: string, to: string, exchangeId: number, attempt: number, status: number, method: string,
    path: string, bytes: number, link: string, queuedUs: number, transmitUs: number, note: string,
  ): void {
    const slot = (kind.length * 31 + from.length * 17 + lastCharCode(from) * 13 + to.length * 7 + lastCharCode(to) * 3 + link.length) & recentMask;
    let site = this.#recentSites[slot];
    if (site === undefined || site.kind !== kind || site.from !== from || site.to !== to || site.link !== link) {
      site = this.#siteFor(kind, from, to, link);
      this.#recentSites[slot] = site;
    }
    this.hop(site, atUs, exchangeId, attempt, status, method, path, bytes, queuedUs, transmitUs, note);
  }

  /** The site `fields` keeps for these names, made the first time (a key string and a lookup: `#recentSites` spares most events both). */
  #siteFor(kind: TraceKind, from: string, to: string, link: string): TraceSite {
    const key = siteKey(kind, from, to, link);
    let site = this.#sites.get(key);
    if (site === undefined) {
      site = new TraceSite(kind, from, to, link);
      this.#sites.set(key, site);
    }
    return site;
  }

  /**
   * `fields` of an event at `site`: the encoding above, with the site's id and last note found in the site
   * itself. Nine events in ten of a round trip pass on the request its exchange's slot already holds, at a
   * known site, a short while later, with numbers a uint32 varint holds: those are written here, the same
   * bytes `#event` would write, without calling it. Anything else (a new request, a number past 2^32 − 2, a
   * site or note to learn, an id past one byte) goes to `#event`. Counted with `npm run bench:counts`:
   * docs/decisions/trace-hash.md.
   */
  hop(
    site: TraceSite, atUs: number, exchangeId: number, attempt: number, status: number, method: string, path: string, bytes: number,
    queuedUs: number, transmitUs: number, note: string,
  ): void {
    const slot = exchangeId & recentMask;
    const dt = atUs - this.#lastAtUs;
    let at = this.#at;
    if (
      at + eventHeadroomBytes <= bufferBytes && site.dictionary === this.#dictionary && site.id < 0x80 &&
      this.#slotExchange[slot] === exchangeId && this.#slotAttempt[slot] === attempt && this.#slotPath[slot] === path &&
      this.#slotMethod[slot] === method && (note === '' || (note === site.note && site.noteId !== 0 && site.noteId < 0x80)) &&
      atUs < 2 ** 53 && inVarintRange(dt) && inVarintRange(exchangeId) && inVarintRange(status) && inVarintRange(bytes) &&
      inVarintRange(queuedUs) && inVarintRange(transmitUs)
    ) {
      const b = this.#buffer;
      const responseKnown = this.#slotStatus[slot] === status && this.#slotBytes[slot] === bytes;
      const times = queuedUs !== 0 || transmitUs !== 0;
      b[at++] = sameRequest | (responseKnown ? sameResponse : 0) | (times ? 0 : noTimes) | (note === '' ? noNote : 0) | timeDelta;
      b[at++] = site.id;
      // Each varint written out in place: as calls to `varint`, V8 inlined some and not others, and this path
      // cost 390 instructions a round trip more; with only the response's two as calls, 260 more (counted).
      let n = dt + 1;
      while (n > 0x7f) {
        b[at++] = n | 0x80;
        n >>>= 7;
      }
      b[at++] = n;
      this.#lastAtUs = atUs;
      n = exchangeId + 1;
      while (n > 0x7f) {
        b[at++] = n | 0x80;
        n >>>= 7;
      }
      b[at++] = n;
      if (!responseKnown) {
        n = status + 1;
        while (n > 0x7f) {
          b[at++] = n | 0x80;
          n >>>= 7;
        }
        b[at++] = n;
        n = bytes + 1;
        while (n > 0x7f) {
          b[at++] = n | 0x80;
          n >>>= 7;
        }
        b[at++] = n;
        this.#slotStatus[slot] = status;
        this.#slotBytes[slot] = bytes;
      }
      if (times) {
        n = queuedUs + 1;
        while (n > 0x7f) {
          b[at++] = n | 0x80;
          n >>>= 7;
        }
        b[at++] = n;
        n = transmitUs + 1;
        while (n > 0x7f) {
          b[at++] = n | 0x80;
          n >>>= 7;
        }
        b[at++] = n;
      }
      if (note !== '') b[at++] = site.noteId;
      this.#at = at;
      return;
    }
    this.#event(site, atUs, exchangeId, attempt, status, method, path, bytes, queuedUs, transmitUs, note);
  }

  /** `hop` of any event, the encoding above step by step. */
  #event(
    site: TraceSite, atUs: number, exchangeId: number, attempt: number, status: number, method: string, path: string, bytes: number,
    queuedUs: number, transmitUs: number, note: string,
  ): void {
    if (this.#at + eventHeadroomBytes > bufferBytes) this.#flush();
    // The flags first, as a decoder reads them: a long string below may flush the buffer.
    const slot = exchangeId & recentMask;
    const sameExchange = this.#slotExchange[slot] === exchangeId;
    const requestKnown = sameExchange && this.#slotAttempt[slot] === attempt && this.#slotPath[slot] === path && this.#slotMethod[slot] === method;
    const responseKnown = sameExchange && this.#slotStatus[slot] === status && this.#slotBytes[slot] === bytes;
    const dt = atUs - this.#lastAtUs;
    const delta = inVarintRange(dt) && atUs < 2 ** 53;
    const b = this.#buffer;
    let at = this.#at;
    b[at++] = (requestKnown ? sameRequest : 0) | (responseKnown ? sameResponse : 0) | (queuedUs === 0 && transmitUs === 0 ? noTimes : 0) |
      (note === '' ? noNote : 0) | (delta ? timeDelta : 0);
    // Ids below 128 (nearly all) are written as their byte in place: a call to `varint` cost more, counted.
    if (site.dictionary !== this.#dictionary) at = this.#site(at, site);
    else if (site.id < 0x80) b[at++] = site.id;
    else at = varint(b, at, site.id);
    at = this.#number(b, at, delta ? dt : atUs);
    this.#lastAtUs = delta || (Number.isSafeInteger(atUs) && atUs >= 0) ? atUs : Number.NaN;
    at = this.#number(b, at, exchangeId);
    if (!requestKnown) {
      at = this.#number(b, at, attempt);
      at = this.#string(b, at, method);
      at = this.#text(at, path);
      this.#slotExchange[slot] = exchangeId;
      this.#slotAttempt[slot] = attempt;
      this.#slotMethod[slot] = method;
      this.#slotPath[slot] = path;
    }
    if (!responseKnown) {
      at = this.#number(b, at, status);
      at = this.#number(b, at, bytes);
      this.#slotStatus[slot] = status;
      this.#slotBytes[slot] = bytes;
    }
    if (queuedUs !== 0 || transmitUs !== 0) {
      at = this.#number(b, at, queuedUs);
      at = this.#number(b, at, transmitUs);
    }
    if (note !== '') {
      if (note === site.note && site.noteId !== 0 && site.dictionary === this.#dictionary) {
        if (site.noteId < 0x80) b[at++] = site.noteId;
        else at = varint(b, at, site.noteId);
      } else at = this.#note(at, site, note);
    }
    this.#at = at;
  }

  /**
   * A site whose id is not for this dictionary: its id if the dictionary has one for its names, else 0 and the
   * names, after which it gets the next. Either way the site keeps the id. Returns where the next byte goes.
   */
  #site(at: number, site: TraceSite): number {
    let id = this.#siteIds.get(site.key);
    if (id !== undefined) at = varint(this.#buffer, at, id);
    else {
      const b = this.#buffer;
      b[at++] = 0;
      at = this.#string(b, at, site.kind);
      at = this.#string(b, at, site.from);
      at = this.#string(b, at, site.to);
      at = this.#string(b, at, site.link);
      // Given after the names, as a decoder would: if they filled a dictionary, the site's id is in the new one.
      if (this.#siteIds.size === dictionaryEntries) this.#startAfresh();
      id = this.#siteIds.size + 1;
      this.#siteIds.set(site.key, id);
    }
    site.dictionary = this.#dictionary;
    site.id = id;
    site.noteId = 0;
    return at;
  }

  /** `#string` of a note the site did not have an id for, which it keeps if it can. */
  #note(at: number, site: TraceSite, note: string): number {
    at = this.#string(this.#buffer, at, note);
    if (site.dictionary === this.#dictionary) {
      site.note = note;
      site.noteId = this.#ids.get(note) ?? 0;
    }
    return at;
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
    if (!inVarintRange(n)) return this.#rareNumber(at, n);
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

  /** Gives `s` the next id, starting both dictionaries afresh first when this one is full. */
  #remember(s: string): void {
    if (this.#ids.size === dictionaryEntries) this.#startAfresh();
    this.#ids.set(s, this.#ids.size + 1);
  }

  /** Empties both dictionaries (strings and sites), so the ids the sites keep are stale. */
  #startAfresh(): void {
    this.#ids.clear();
    this.#recentStrings.fill(undefined);
    this.#siteIds.clear();
    this.#sites.clear();
    this.#dictionary = newDictionaryNumber();
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
