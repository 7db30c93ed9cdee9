import type { Caller } from './caller.js';
import { type CheckContext, type Finding, judged, unrun, type Verdict } from './check.js';
import { filled, makeOwned } from './owned-object.js';
import type { OperationShape } from './service-shape.js';

/** Where an operation is sent and as whom; or why it cannot be. */
export type OperationRequest = { readonly path: string; readonly as: Caller | undefined } | { readonly unsent: string };

/** Why the schema checks skip: they read the operations of an OpenAPI description, and the target names none. */
export const noOperations = 'the target names no OpenAPI description: declare openapi (a path the app serves, or a file)';

/**
 * Where and as whom the schema checks send an operation, as Schemathesis sends every operation it reads: a
 * secured one as the user, a public one with no credential at all, as any caller may. Its parameters are
 * filled with a new object of its kind (a task in a new project of the same caller's, made by the user
 * when there are users), removed after when its kind takes DELETE. A path nothing fills, and a secured
 * operation with no users, cannot be sent: `unsent` says why.
 */
export async function operationRequest(ctx: CheckContext, operation: OperationShape): Promise<OperationRequest> {
  const sender = operation.secured ? ctx.user : undefined;
  const said = `${operation.method} ${operation.path}`;
  if (operation.secured && !ctx.shape.users) return { unsent: `${said} needs a credential and the target declares no users` };
  if (!operation.path.includes('{')) return { path: operation.path, as: sender };
  if (operation.on === undefined) return { unsent: `${said}: nothing fills its parameters, it is no resource's the target declares` };
  const maker = ctx.shape.users ? ctx.user : undefined;
  const made = await makeOwned(ctx, operation.on.kind, maker, (object, kind) => {
    if (kind.writes?.includes('DELETE') === true) ctx.cleanup(() => ctx.origin.send('DELETE', object.path, { as: maker }));
  });
  if ('what' in made) return { unsent: `${said}: ${made.what}` };
  return { path: operation.on.part === 'item' ? made.path : filled(operation.on.kind.create!.path, made.scope), as: sender };
}

/** How a finding names a request: `--user PUT /labels/3`, or `no one GET /health`. */
export const sentBy = (as: Caller | undefined, method: string, path: string): string => `${as === undefined ? 'no one' : `--${as.role}`} ${method} ${path}`;

/** What a schema check says in its verdict: its pass, and why nothing went (`nothingTried`: not one operation was tried). */
export interface OperationsSaid {
  readonly passed: string;
  readonly noneSent: string;
  readonly nothingTried: string;
}

/**
 * The verdict of a schema check that sent what it could: could not run when nothing went, else its
 * findings, with the operations it could not send named beside the pass.
 */
export function operationsVerdict(findings: readonly Finding[], sent: number, unsent: readonly string[], said: OperationsSaid): Verdict {
  if (sent === 0) return unrun(`${said.noneSent}: ${unsent.join('; ') || said.nothingTried}`);
  return judged(findings, `${said.passed}${unsent.length === 0 ? '' : `; not sent: ${unsent.join('; ')}`}`);
}
