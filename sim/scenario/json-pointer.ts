/**
 * RFC 6901 JSON Pointers, for the figures a scenario's `expect.finalState` names: `""` is the whole value,
 * `/notes/0/content` a member of an element. Written here rather than taken from a package because it is
 * twenty lines and the scenario format should not change with someone else's reading of the RFC.
 */
export const jsonPointerPattern = /^(\/([^~/]|~[01])*)*$/;

/** What a pointer reaches in a JSON value: `{ found: false }` when a step of it names nothing there. */
export function resolvePointer(value: unknown, pointer: string): { readonly found: true; readonly value: unknown } | { readonly found: false } {
  if (pointer === '') return { found: true, value };
  let here = value;
  // ~1 before ~0, as RFC 6901 §4 says, so that "~01" means "~1" and not "/".
  for (const token of pointer.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    if (Array.isArray(here)) {
      // An array index is decimal digits without a leading zero; "-" (past the end) names nothing to compare.
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= here.length) return { found: false };
      here = here[Number(token)] as unknown;
    } else if (typeof here === 'object' && here !== null && Object.hasOwn(here, token)) {
      here = (here as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: here };
}

/** The pointer to the member `tokens` names, each escaped as RFC 6901 §3 says (`~` as `~0`, `/` as `~1`). */
export function pointerOf(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
