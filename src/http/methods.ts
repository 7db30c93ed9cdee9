/**
 * The method properties of RFC 9110 §9.2 as one table. The client's re-send policies, the cache and the
 * tests all read it from here, so a method cannot be "safe" in one place and not in another.
 */
export interface MethodProperties {
  /** §9.2.1: the client does not request, and does not expect, any state change on the origin. */
  readonly safe: boolean;
  /** §9.2.2: the intended effect of several identical requests is the same as of one. */
  readonly idempotent: boolean;
  /** §9.2.3: a response may be stored for reuse (RFC 9111 stores GET and HEAD by default). */
  readonly cacheable: boolean;
}

export const methodTable = {
  GET: { safe: true, idempotent: true, cacheable: true },
  HEAD: { safe: true, idempotent: true, cacheable: true },
  OPTIONS: { safe: true, idempotent: true, cacheable: false },
  TRACE: { safe: true, idempotent: true, cacheable: false },
  PUT: { safe: false, idempotent: true, cacheable: false },
  DELETE: { safe: false, idempotent: true, cacheable: false },
  // POST responses are cacheable only with explicit freshness and Content-Location (RFC 9110 §9.3.3);
  // no shared cache we know of does it, and neither does ours.
  POST: { safe: false, idempotent: false, cacheable: false },
  PATCH: { safe: false, idempotent: false, cacheable: false },
} as const satisfies Record<string, MethodProperties>;

export type KnownMethod = keyof typeof methodTable;

/** Unknown methods are treated as unsafe and not idempotent, as RFC 9110 §9.2 asks of clients. */
const unknownMethod: MethodProperties = { safe: false, idempotent: false, cacheable: false };

export function methodProperties(method: string): MethodProperties {
  return Object.hasOwn(methodTable, method) ? methodTable[method as KnownMethod] : unknownMethod;
}
