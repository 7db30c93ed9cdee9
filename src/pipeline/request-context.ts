import type { Subject } from '../auth/subject.js';
import { splitPath } from '../http/message.js';
import type { Guard } from '../policy/guard.js';

/** Who is calling, once gate 1 has said so: the subject, and gate 2 as a method for the route. */
export interface Caller {
  readonly subject: Subject;
  readonly guard: Guard;
}

/**
 * What the stages learn about one request on its way through, for the stages after them and for the audit
 * on the way back. One per request; the request itself stays an immutable message.
 */
export class RequestContext {
  readonly pathname: string;
  /** The query string without its `?`, or empty. */
  readonly query: string;
  /** Set by `authenticate` when gate 1 lets the request through. */
  caller: Caller | undefined = undefined;
  /** Set by a stage that answered in the route's place (a 401, a 429, a replay): the reason the audit gives. */
  answeredBy: string | undefined = undefined;

  constructor(path: string) {
    ({ pathname: this.pathname, query: this.query } = splitPath(path));
  }
}

/** The caller, for a stage or route that runs after `authenticate`; a pipeline that runs one before it is a wiring bug, not a request to serve. */
export function callerOf(ctx: RequestContext): Caller {
  if (ctx.caller === undefined) throw new Error(`${ctx.pathname} reached a stage that needs gate 1 before gate 1 ran`);
  return ctx.caller;
}
