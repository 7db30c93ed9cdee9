/**
 * The field-exact oracle, shared by the conformance checks and the properties: what a graph answer must look
 * like for the query that asked for it. It lives here, in the product that judges a deployment from outside,
 * and the properties import it; it knows nothing of apisim's schema or service.
 */

/** The response keys an object must have, in order; each key's own shape when it holds objects. */
export interface ObjectShape {
  readonly fields: ReadonlyMap<string, { readonly shape: ObjectShape | undefined }>;
}

/**
 * Where `data` differs from the shape the query asks for: an object with a key the query did not ask for, one
 * without a key it did, or the keys in another order than execution meets them. A null holds no object, so
 * it has no keys to check (a field the caller may not see, a user that does not exist).
 */
export function shapeProblems(value: unknown, shape: ObjectShape, path: string): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => shapeProblems(item, shape, `${path}[${i}]`));
  if (typeof value !== 'object') return [`${path} is ${JSON.stringify(value)}, not an object`];
  const object = value as Record<string, unknown>;
  const got = Object.keys(object);
  const asked = [...shape.fields.keys()];
  const problems: string[] = [];
  const extra = got.filter((key) => !shape.fields.has(key));
  const missing = asked.filter((key) => !(key in object));
  if (extra.length > 0 || missing.length > 0) {
    const what = [...extra.map((key) => `${key} is extra`), ...missing.map((key) => `${key} is missing`)].join(', ');
    problems.push(`${path} has keys [${got.join(', ')}] but the query asks for [${asked.join(', ')}]: ${what}`);
  } else if (got.join() !== asked.join()) {
    problems.push(`${path} has keys [${got.join(', ')}], in another order than the query's [${asked.join(', ')}]`);
  }
  for (const [key, field] of shape.fields) {
    if (field.shape !== undefined && key in object) problems.push(...shapeProblems(object[key], field.shape, `${path}.${key}`));
  }
  return problems;
}

/** A graph response body as the checks read it. */
export interface GraphBody {
  readonly data?: unknown;
  readonly errors?: readonly { readonly message: string; readonly extensions?: { readonly code?: string } }[];
}

/**
 * Why an accepted query did not run as written, or undefined: not 200, no `data`, or an error other than a
 * FORBIDDEN field (a caller with narrow scopes). Checked first, so that a property cannot pass vacuously on a
 * query that failed.
 */
export function notRunAsWritten(status: number, body: GraphBody): string | undefined {
  const unexpected = (body.errors ?? []).filter((error) => error.extensions?.code !== 'FORBIDDEN');
  if (status === 200 && body.data !== undefined && unexpected.length === 0) return undefined;
  return `the query did not run as written: ${status} ${JSON.stringify(body)}`;
}
