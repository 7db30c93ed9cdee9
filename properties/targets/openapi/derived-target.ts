import { parseTarget } from '../define-target.js';
import type { LoadedTarget } from '../load-target.js';
import type { Target } from '../target.js';
import { type Derivation, type DerivedMembers, deriveTarget } from './derivation.js';
import { readOpenApi, type ServedText } from './document.js';

/**
 * The target a config file describes, with what its OpenAPI description declares (`openapi`) derived into
 * its members and what the config writes by hand laid over them; and the derivation, for `apisim describe`.
 * The result is checked as a written description is, so a derived member the principles could not use is
 * refused here, with where it came from.
 */
export async function derivedTarget(loaded: LoadedTarget, served: ServedText): Promise<{ readonly target: Target; readonly derivation: Derivation }> {
  const { target, file } = loaded;
  if (target.openapi === undefined) throw new Error('derivedTarget: the target names no openapi');
  const derivation = deriveTarget(await readOpenApi(target.openapi, file, served));
  // Checked without `openapi`, so that what is checked once the description is derived is checked now.
  const { openapi, ...whole } = overlaid(target, derivation.members);
  return { target: { ...parseTarget(whole, `${file} with what ${openapi} declares`), openapi }, derivation };
}

/**
 * What is written by hand wins: an owned or writable kind of the same name replaces the derived one, in
 * its place; one the description does not have is added after. Public endpoints are both lists; the
 * Idempotency-Key header is the written one, if any.
 */
export function overlaid(written: Target, derived: DerivedMembers): Target {
  const idempotencyKey = written.idempotencyKey ?? derived.idempotencyKey;
  return {
    ...written,
    owned: byName(derived.owned, written.owned),
    writable: byName(derived.writable, written.writable),
    public: [...new Set([...derived.public, ...written.public])],
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  };
}

function byName<T extends { readonly name: string }>(derived: readonly T[], written: readonly T[]): T[] {
  const replaced = derived.map((d) => written.find((w) => w.name === d.name) ?? d);
  return [...replaced, ...written.filter((w) => !derived.some((d) => d.name === w.name))];
}
