/** What a value is, in words, for an error that says what an export or a factory gave instead of an app. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `the string ${shortJson(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `the ${typeof value} ${String(value)}`;
  if (typeof value === 'symbol') return `the symbol ${value.description ?? ''}`.trimEnd();
  if (typeof value === 'function') {
    if (isClass(value)) return `the class ${value.name === '' ? '(anonymous)' : value.name}`;
    const parameters = `${value.length} parameter${value.length === 1 ? '' : 's'}`;
    return value.name === '' ? `a function of ${parameters}` : `the function ${value.name}, of ${parameters}`;
  }
  if (value instanceof Promise) return 'a promise';
  if (value instanceof Response) return 'a Response';
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  const keys = Object.keys(value);
  const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null;
  const className = prototype?.constructor?.name;
  const what = typeof className === 'string' && className !== '' && className !== 'Object' ? `an instance of ${className}` : 'an object';
  return keys.length === 0 ? `${what} with no keys` : `${what} with keys ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
}

/** A class is a function too, but calling it without `new` throws: it is neither an app nor a factory. */
export function isClass(value: object): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(value));
}

function shortJson(text: string): string {
  const json = JSON.stringify(text);
  return json.length > 40 ? `${json.slice(0, 37)}…"` : json;
}
