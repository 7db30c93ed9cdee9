import type { Target } from '../target.js';
import type { Derivation } from './derivation.js';

/** Every operation of the description, one row each: its credential, its resource, what it became. */
export function derivationTable(derivation: Derivation): string {
  const rows = derivation.operations.map((o) => [`${o.method} ${o.path}`, o.secured ? 'needed' : 'none', o.resource ?? '-', o.role]);
  const header = ['operation', 'credential', 'resource', 'becomes'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  const resources = new Set(derivation.operations.flatMap((o) => (o.resource === undefined ? [] : [o.resource])));
  return [line(header), ...rows.map(line), '', `${rows.length} operations, ${resources.size} resources`].join('\n');
}

/**
 * The target as `defineTarget` code: what was derived and what was written, as one description a user can
 * commit and edit in place of `openapi`. Members left at their empty default are left out; a user's
 * headers function cannot be printed, so it is named where it is written.
 */
export function targetCode(target: Target, configFile: string): string {
  const { openapi, ...rest } = target;
  const users = rest.users === undefined ? undefined : Object.fromEntries(Object.entries(rest.users).map(([role, spec]) => [role, typeof (spec as { headers?: unknown }).headers === 'function' ? { ...spec, headers: new Code(`/* a function, as ${configFile} writes it */ () => ({})`) } : spec]));
  const body = literal({ ...rest, ...(users === undefined ? {} : { users }) }, '');
  return [
    "import { defineTarget } from 'apisim';",
    '',
    `// What ${openapi ?? 'the description'} declares, derived by \`npx apisim describe\`, with what ${configFile} writes laid over it.`,
    '// Kept as it is, it stands in for `openapi`: edit what the derivation got wrong.',
    `export default defineTarget(${body});`,
    '',
  ].join('\n');
}

/** Code printed as it is, not as a value. */
class Code {
  constructor(readonly text: string) {}
}

/** A value as a TypeScript literal, two spaces a level, one member a line. */
function literal(value: unknown, indent: string): string {
  if (value instanceof Code) return value.text;
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === undefined) return 'undefined';
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((v) => literal(v, inner));
    return items.join(', ').length < 80 && !items.some((i) => i.includes('\n')) ? `[${items.join(', ')}]` : `[\n${items.map((i) => `${inner}${i},`).join('\n')}\n${indent}]`;
  }
  // An empty list or object is the default where it stands, except a body: `{}` is sent as one.
  const members = Object.entries(value).filter(([k, v]) => v !== undefined && (k === 'body' || !isEmpty(v)));
  const lines = members.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : literal(k, inner)}: ${literal(v, inner)}`);
  const flat = `{ ${lines.join(', ')} }`;
  if (lines.length === 0) return '{}';
  return flat.length < 80 && !lines.some((l) => l.includes('\n')) ? flat : `{\n${lines.map((l) => `${inner}${l},`).join('\n')}\n${indent}}`;
}

const isEmpty = (value: unknown): boolean =>
  !(value instanceof Code) && typeof value === 'object' && value !== null && (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);
