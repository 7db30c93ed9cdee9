import type { Caller } from './targets/target-session.js';

/**
 * The credentials gate 1 must refuse: none at all; the user's own with one character changed (a cookie
 * whose signature no longer matches, a token whose signature is wrong); and one of the right kind made up.
 */
export const brokenCredentials = ['none', 'garbled', 'made-up'] as const;
export type BrokenCredential = (typeof brokenCredentials)[number];

/** The headers of a broken form of the user's credential. */
export function brokenHeaders(user: Caller, kind: BrokenCredential): Record<string, string> {
  if (kind === 'none') return {};
  const broken: Record<string, string> = {};
  for (const [name, value] of Object.entries(user.headers)) broken[name] = kind === 'garbled' ? garbled(name, value) : madeUp(name, value);
  return broken;
}

/**
 * One character changed in the middle of each credential value: the middle, because the last character of
 * a base64url signature may carry only padding bits, which a decoder ignores.
 */
function garbled(name: string, value: string): string {
  if (name === 'cookie') return value.split('; ').map((pair) => { const eq = pair.indexOf('='); return `${pair.slice(0, eq + 1)}${flipMiddle(pair.slice(eq + 1))}`; }).join('; ');
  const space = value.indexOf(' ');
  return space < 0 ? flipMiddle(value) : `${value.slice(0, space + 1)}${flipMiddle(value.slice(space + 1))}`;
}

function madeUp(name: string, value: string): string {
  if (name === 'cookie') return value.split('; ').map((pair) => `${pair.slice(0, pair.indexOf('=') + 1)}apisim-made-up`).join('; ');
  const space = value.indexOf(' ');
  return space < 0 ? 'apisim-made-up' : `${value.slice(0, space + 1)}eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhcGlzaW0ifQ.bWFkZS11cA`;
}

/** The alphanumeric character nearest the middle, changed to another one. */
function flipMiddle(text: string): string {
  const middle = Math.floor(text.length / 2);
  for (let d = 0; d < text.length; d++) {
    for (const i of [middle + d, middle - d]) {
      const c = text[i];
      if (c !== undefined && /[A-Za-z0-9]/.test(c)) return `${text.slice(0, i)}${c === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`;
    }
  }
  return `${text}x`;
}
