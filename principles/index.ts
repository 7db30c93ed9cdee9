import { authenticationFirst } from './authentication-first.js';
import { exactlyOnce } from './exactly-once.js';
import { idempotentResend } from './idempotent-resend.js';
import { ownerIsolation } from './owner-isolation.js';
import type { Principle } from './principle.js';

export type { Principle } from './principle.js';
export { assertPrinciple, PrincipleBroken, type PrincipleResult, type RequestLine, runPrinciple, type RunnerOptions } from './runner.js';

/**
 * Every principle, in the order the vitest helper registers them: the gates first, then the writes, then
 * (from the other files of this folder) the methods, the cache and the graph. A principle joins by being
 * listed here; each says for itself on which targets it cannot be checked.
 */
export const allPrinciples: readonly Principle<unknown>[] = [
  ownerIsolation,
  authenticationFirst,
  idempotentResend,
  exactlyOnce,
  // Methods, cache and graph, each in its own file: safe-methods.ts, idempotent-methods.ts,
  // cache-coherence.ts, graph-field-exact.ts, graph-rejected-before-execution.ts.
];
