/** Where in a JSON text an object repeats a member name; `JSON.parse` silently keeps the last. */
interface Frame {
  /** The member names seen so far; undefined in an array. */
  readonly names: Set<string> | undefined;
  /** The member name or array index being read: the frame's step in a JSON Pointer. */
  at: string | number;
  expectName: boolean;
}

/**
 * The RFC 6901 pointers of every member that repeats an earlier name in its object, in text order (`[]` for
 * none). RFC 8259 §4 leaves duplicate names' meaning to each parser, so `{"username":"bob","username":
 * "alice"}` means bob to one reader and alice to another; refusing it leaves one meaning. Names compare after
 * unescaping (`"a"` and `"\u0061"` are one name). `text` must already be valid JSON (parse it first): this is
 * a scan of its structure, not a second parser, and costs a walk over the characters. Give `parsed`, what
 * `JSON.parse(text)` returned, and a text that repeats nothing is ruled out by a count (`membersInText`).
 */
export function duplicateMembers(text: string, parsed?: unknown): string[] {
  if (parsed !== undefined && membersInText(text) === keysParsed(parsed)) return [];
  const found: string[] = [];
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (top?.names !== undefined && top.expectName) {
        const raw = text.slice(i + 1, end);
        const name = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (top.names.has(name)) found.push(pointerTo(stack, name));
        else top.names.add(name);
        top.at = name;
        top.expectName = false;
      }
      i = end;
    } else if (c === '{') stack.push({ names: new Set(), at: '', expectName: true });
    else if (c === '[') stack.push({ names: undefined, at: 0, expectName: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack.at(-1)!;
      if (top.names !== undefined) top.expectName = true;
      else top.at = (top.at as number) + 1;
    }
  }
  return found;
}

/**
 * Every `:` outside strings in JSON text separates one member's name from its value, and `JSON.parse` makes
 * one own key per distinct name of an object: with `parsed`, the parse of `text`, a text with as many members
 * as its parse has keys repeats none, and the walk that would find where is skipped. A count is cheaper than
 * the walk (no sets of names, no name cut out of the text), so a body without repeats, nearly every one,
 * pays only for the count.
 */
function membersInText(text: string): number {
  let members = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i);
    else if (c === 0x3a) members++;
  }
  return members;
}

/** The own keys of every object in a parsed JSON value, counted with a stack of its own: a parse may nest deeper than the call stack goes. */
function keysParsed(value: unknown): number {
  let keys = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const item of v) pending.push(item);
    } else {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        keys++;
        pending.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return keys;
}

/** The index of the quote that closes the string opened at `start`: the first one not escaped by an odd run of backslashes. */
function stringEnd(text: string, start: number): number {
  let q = text.indexOf('"', start + 1);
  for (;;) {
    // Unterminated: not JSON, which callers have ruled out; ending the scan beats looping forever.
    if (q < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
}

function pointerTo(stack: readonly Frame[], name: string): string {
  const steps = stack.slice(0, -1).map((f) => f.at);
  steps.push(name);
  return steps.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** What a refusal says, naming every repeat by its pointer. */
export function describeDuplicates(pointers: readonly string[]): string {
  return `The same member appears more than once in one object at ${pointers.join(', ')}; send each member once.`;
}
