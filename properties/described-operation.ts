import fc from 'fast-check';
import type { Exchange } from '../sim/exchange.js';
import type { Derivation, DerivedOperation } from './targets/openapi/derivation.js';
import type { Operation } from './targets/openapi/operations.js';
import { answerProblems } from './conformance/schema-check.js';
import { madeKind, type Target } from './targets/target.js';
import type { Role, TargetSession } from './targets/target-session.js';
import { filled } from './conformance/owned-object.js';
import { makeOwned } from './owned-object.js';

/** One operation of the description, as it was read and as it was derived, found by its place in both. */
export interface DescribedOperation {
  readonly operation: Operation;
  readonly derived: DerivedOperation;
}

/** A schema principle reads the operations of an OpenAPI description: without one it does not apply. */
export const withoutOpenapi = (target: Target): string | undefined => (target.openapi === undefined ? 'it names no OpenAPI description (openapi)' : undefined);

/** The operations of a description, each as read and as derived; none when the target names no description. */
export function describedOperations(derivation: Derivation | undefined): DescribedOperation[] {
  return (derivation?.described ?? []).map((operation, i) => ({ operation, derived: derivation!.operations[i]! }));
}

/** Who sends an operation's requests: the user, when the target has users; else the caller with none, who can send only what is public. */
export const senderOf = (target: Target, operation: Operation): Role | undefined => (target.users !== undefined ? 'user' : operation.secured ? undefined : 'anonymous');

/**
 * The path an operation is sent to, its parameters filled with ids that exist: for an operation of a
 * resource, an object of the resource's kind is made first by `role` (in a parent of the same user's when
 * it is nested, `makeOwned`), and the operation is sent on that object (an item's) or on the collection it
 * was made in. A path with parameters that no resource fills cannot be sent: `why` says so.
 */
export async function operationPath(run: TargetSession, { operation, derived }: DescribedOperation, role: Role): Promise<{ readonly path?: string; readonly why: string }> {
  if (!operation.path.includes('{')) return { path: operation.path, why: 'no parameters' };
  const kind = madeKind(run.target, derived.resource);
  if (kind === undefined) return { why: `nothing fills the parameters of ${operation.path}: it is no resource's the target declares` };
  const made = await makeOwned(run, kind, role);
  if (made.made === undefined) return { why: made.why };
  return { path: derived.part === 'item' ? made.made.path : filled(kind.create!.path, made.made.scope), why: 'made' };
}

/** What is wrong with an exchange's answer, held to the operation's documented answers; `unjudged` when there was none to hold. */
export function exchangeProblems(operation: Operation, exchange: Exchange): { readonly problems: string[]; readonly unjudged?: string } {
  const response = exchange.response;
  if (response === undefined) return { problems: [], unjudged: 'no answer came' };
  return answerProblems(operation, { status: response.status, contentType: response.headers['content-type'], body: response.body });
}

/** How a request of a run names itself in a verdict: `user PUT /labels/3`. */
export const sentAs = (role: Role, method: string, path: string): string => `${role} ${method} ${path}`;

/**
 * Whether a probe is sent: always, as drawn, so that every run, the first of a sweep's seeds included,
 * probes every operation; and not, when shrinking, so that a failure shrinks to the probes that fail.
 */
class SentFlag extends fc.Arbitrary<boolean> {
  generate(): fc.Value<boolean> {
    return new fc.Value(true, undefined);
  }
  canShrinkWithoutContext(value: unknown): value is boolean {
    return typeof value === 'boolean';
  }
  shrink(value: boolean): fc.Stream<fc.Value<boolean>> {
    return value ? fc.Stream.of(new fc.Value(false, undefined)) : fc.Stream.nil();
  }
}

/** Every probe, sent in every run; shrinking leaves out those a failure does not need. */
export function everyProbe<Probe>(probes: readonly fc.Arbitrary<Probe>[]): fc.Arbitrary<Probe[]> {
  const sent = new SentFlag();
  return fc.tuple(...probes.map((probe) => fc.tuple(sent, probe))).map((drawn) => drawn.flatMap(([kept, probe]) => (kept ? [probe] : [])));
}
