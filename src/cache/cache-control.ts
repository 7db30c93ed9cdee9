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
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    if (name === '') continue;
    out.set(name, eq < 0 ? true : part.slice(eq + 1).trim().replace(/^"|"$/g, ''));
  }
  return out;
}
