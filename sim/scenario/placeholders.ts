/**
 * `{{name}}` in a step's path, header values and body: the value a capture of an earlier step took from its
 * answer. Double braces because Postman, Bruno and Hurl write their variables so, and users know them from
 * there; spaces inside the braces are allowed (`{{ token }}`), as Handlebars allows them. `\{{name}}` is sent as the text
 * `{{name}}`, as Handlebars escapes one, so that no text a step must send literally is out of reach.
 * `rawBody` is sent exactly as written and holds no placeholders.
 */

/** What a capture holds: a string, or a number or boolean a JSON body held. */
export type CapturedValue = string | number | boolean;

/** A capture's name: letters, digits, `_` and `-`, from a letter or `_`, as variable names go. */
export const captureNamePattern = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const name = captureNamePattern.source.slice(1, -1);
const placeholder = new RegExp(`(\\\\?)\\{\\{\\s*(${name})\\s*\\}\\}`, 'g');
const wholePlaceholder = new RegExp(`^\\{\\{\\s*(${name})\\s*\\}\\}$`);
const anyPlaceholder = new RegExp(placeholder.source);

/** Whether `text` holds a placeholder, escaped or not: either way, what is sent is not what is written. */
export function holdsPlaceholders(text: string): boolean {
  return anyPlaceholder.test(text);
}

/** The names `text` refers to, in order, escaped ones left out. */
export function placeholderNames(text: string): string[] {
  return [...text.matchAll(placeholder)].filter((m) => m[1] === '').map((m) => m[2]!);
}

/** `text` with every placeholder replaced by its value's text, and every escaped one by itself unescaped. */
export function fillText(text: string, valueOf: (name: string) => CapturedValue): string {
  return text.replace(placeholder, (whole: string, escape: string, name: string) => (escape === '' ? String(valueOf(name)) : whole.slice(1)));
}

/** `text` as a step writes it to be sent exactly: every placeholder-shaped part escaped. */
export function escapeText(text: string): string {
  return text.replace(placeholder, (whole: string, escape: string) => `${escape}\\${whole.slice(escape.length)}`);
}

/** The placeholder a whole string is, to be written in a body where the value keeps its JSON type. */
export function placeholderOf(name: string): string {
  return `{{${name}}}`;
}

/** The strings of a JSON value, where a body's placeholders stand (its keys are never placeholders). */
export function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(jsonStrings);
  return [];
}

/** A JSON value with each of its strings replaced by what `f` makes of it (keys are never placeholders). */
export function mapJsonStrings(value: unknown, f: (text: string) => unknown): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((item) => mapJsonStrings(item, f));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapJsonStrings(item, f)]));
  return value;
}

/**
 * A JSON body with its placeholders filled. A string that is one placeholder and nothing else becomes the
 * value with its JSON type (`"{{id}}"` is `3` when the answer's id was the number 3), so that a number can be
 * sent where a number is expected; a placeholder inside a longer string is replaced by its text.
 */
export function fillJson(value: unknown, valueOf: (name: string) => CapturedValue): unknown {
  return mapJsonStrings(value, (text) => {
    const whole = wholePlaceholder.exec(text);
    return whole === null ? fillText(text, valueOf) : valueOf(whole[1]!);
  });
}
