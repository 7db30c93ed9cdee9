import type { ConformanceSettings } from './conformance-settings.js';
import type { ServiceShape } from './service-shape.js';

/** The options of what the spec leaves open, as far as the command line gave them. */
export type GivenSettings = Partial<Omit<ConformanceSettings, 'runId'>>;

/**
 * A described shape with the command line's options laid over it: an option given wins over what the
 * description says (the user typed it for this run). An option whose area the description does not declare
 * has nothing to tune, except `--idempotency-key-style`, which declares the spec's `Idempotency-Key`: the
 * result, or the options that fit nothing, for a usage error.
 */
export function withGivenSettings(shape: ServiceShape, given: GivenSettings): ServiceShape | { readonly errors: readonly string[] } {
  const errors: string[] = [];
  const undeclared = (option: string, area: string) => errors.push(`--${option}: the description declares no ${area} for it to tune`);
  let { owned, writable, idempotencyKey, graph } = shape;
  if (given.orderIds !== undefined) {
    const [first, ...rest] = owned;
    if (first === undefined) undeclared('order-ids', 'owned objects (owned)');
    else owned = [{ ...first, probeIds: given.orderIds.map(String) }, ...rest];
  }
  if (given.noteField !== undefined) {
    const field = given.noteField;
    if (writable === undefined) undeclared('note-field', 'writable collection (writable)');
    else writable = { ...writable, field, body: { ...writable.body, [field]: writable.body[field] ?? '' } };
  }
  if (given.idempotencyKeyStyle !== undefined) idempotencyKey = { header: idempotencyKey?.header ?? 'idempotency-key', style: given.idempotencyKeyStyle };
  for (const [option, member] of [['graph-user-id', 'graphUserId'], ['graph-max-depth', 'graphMaxDepth'], ['persisted-queries', 'persistedQueries']] as const) {
    if (given[member] !== undefined && graph === undefined) undeclared(option, 'graph');
  }
  if (graph !== undefined) {
    graph = { ...graph, userId: given.graphUserId ?? graph.userId, maxDepth: given.graphMaxDepth ?? graph.maxDepth, persisted: given.persistedQueries ?? graph.persisted };
  }
  return errors.length > 0 ? { errors } : { ...shape, owned, writable, idempotencyKey, graph };
}
