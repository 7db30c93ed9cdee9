/**
 * JSON for reading in a terminal: an object or array stays on one line when it fits in `widthChars`,
 * otherwise its members go one per line, indented by two. GraphQL answers are deep and narrow, and
 * `JSON.stringify(v, null, 2)` would give each `{ "name": "Bob" }` three lines. Still valid JSON.
 */
export function prettyJson(value: unknown, widthChars = 100): string {
  return render(value, 0, 0, widthChars);
}

/** `indent`: of the line the value's closing bracket goes on; `column`: where the value itself starts. */
function render(value: unknown, indent: number, column: number, widthChars: number): string {
  const inline = oneLine(value);
  if (column + inline.length <= widthChars || typeof value !== 'object' || value === null) return inline;
  const inner = indent + 2;
  const pad = ' '.repeat(inner);
  const entries = Array.isArray(value)
    ? value.map((item) => pad + render(item, inner, inner, widthChars))
    : Object.entries(value).map(([key, item]) => {
      const head = `${pad}${JSON.stringify(key)}: `;
      return head + render(item, inner, head.length, widthChars);
    });
  if (entries.length === 0) return inline;
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${entries.join(',\n')}\n${' '.repeat(indent)}${close}`;
}

/** `{ "name": "Bob", "ids": [1, 2] }`: spaced like the GraphQL spec's examples. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}
