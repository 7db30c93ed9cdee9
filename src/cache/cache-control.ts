/**
 * Cache-Control directives (RFC 9111 §5.2) as a map from lower-case name to value (`true` when the
 * directive has no argument). The library parses them for its decisions; this copy only explains them in
 * the trace, so it never decides anything on its own.
 */
export type Directives = ReadonlyMap<string, string | true>;

export function directives(header: string | undefined): Directives {
  const out = new Map<string, string | true>();
  if (header === undefined) return out;
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const [rawName, rawValue] = eq < 0 ? [part, undefined] : [part.slice(0, eq), part.slice(eq + 1)];
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    out.set(name, rawValue === undefined ? true : rawValue.trim().replace(/^"|"$/g, ''));
  }
  return out;
}
