/**
 * undici keeps a Response's state on the instance under a symbol of its own; the slot is found once, by its
 * name, on a Response made here. Absent (a Node whose undici keeps it in a private field), nothing is taken
 * this way and every body is read from its stream.
 */
const stateSlot = Object.getOwnPropertySymbols(new Response('')).find((slot) => slot.description === 'state');

interface MadeFrom {
  readonly body?: { readonly source?: unknown } | null;
}

/**
 * What the app made its Response's body from, a string (`new Response(json)`, Hono's `c.json`) or bytes
 * (`Response.json`, `new Response(uint8Array)`), taken as it is instead of read back from the stream undici
 * made of it; undefined when it cannot be taken so (a stream the app wrote, or no such slot).
 *
 * Why: reading the stream back (undici's pull, a TextEncoder pass, two reads) is a sixth of a round trip
 * through the fetch adapter (docs/adapters.md, "Speed"). What is taken is what the stream would give, byte
 * for byte: undici copied the bytes when the Response was made, and encodes the string as UTF-8, whose bytes
 * the simulator counts. A string that would not survive that trip is left to the stream: one starting with
 * a BOM (which `text()` drops) and one with a lone surrogate (which undici already replaces when the
 * Response is made; checked again, as that is undici's choice, not ours). So is a body the app has locked or
 * begun to read, so that it fails here exactly as it fails to read.
 */
export function madeBody(res: Response): string | Uint8Array | undefined {
  if (stateSlot === undefined || res.bodyUsed || res.body?.locked !== false) return undefined;
  const source = (Reflect.get(res, stateSlot) as MadeFrom | undefined)?.body?.source;
  if (source instanceof Uint8Array) return source;
  if (typeof source !== 'string' || source.length === 0 || source.charCodeAt(0) === 0xfeff || !wellFormed(source)) return undefined;
  return source;
}

/** ES2024's `String.prototype.isWellFormed` (in Node since 20), which the project's ES2023 types do not list. */
function wellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}
