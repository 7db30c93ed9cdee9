import type { Caller } from './caller.js';
import type { CheckContext } from './check.js';
import type { WireExchange } from './wire.js';

/** One way to send a write: the method, the body and its media type. */
export interface WriteAttempt {
  readonly method: 'PATCH' | 'PUT' | 'DELETE';
  readonly json?: unknown;
  readonly contentType?: string;
}

/** What the attempts at one method came to: the answer to judge, or none when every body was refused as such. */
export interface WriteProbe {
  readonly method: string;
  /** The first answer that was not about the body (400, 415, 422): the one that says whether ownership was checked. */
  readonly judged: WireExchange | undefined;
  /** Every answer, in order, for the summary: `415 merge-patch+json, 200 json`. */
  readonly answers: readonly string[];
}

const mergePatch = 'application/merge-patch+json';
const json = 'application/json';

/**
 * Answers about the body, not about who sent it: a target that refuses the suite's body for its form has
 * not refused the caller, so the next form is tried before anything is judged. 422 too: a server may find the
 * body well-formed and still not one it takes.
 */
const aboutTheBody = new Set([400, 415, 422]);

/** The write methods an object takes, and the `Allow` they were read from, if any. */
export interface WriteMethods {
  readonly methods: readonly WriteAttempt['method'][];
  readonly allow: string | undefined;
}

/**
 * The write methods `path` takes, as its owner's `OPTIONS` lists them in `Allow` (RFC 9110 §10.2.1); all
 * three when it lists none, so that a server that does not answer OPTIONS is still probed everywhere.
 */
export async function writeMethods(ctx: CheckContext, path: string, owner: Caller): Promise<WriteMethods> {
  const options = await ctx.origin.send('OPTIONS', path, { as: owner });
  const allow = options.response.headers.allow;
  const all = ['PATCH', 'PUT', 'DELETE'] as const;
  if (options.response.status >= 300 || allow === undefined || allow.trim() === '') return { methods: all, allow: undefined };
  const listed = new Set(allow.split(',').map((m) => m.trim().toUpperCase()));
  return { methods: all.filter((m) => listed.has(m)), allow };
}

/**
 * The bodies that would change nothing if a write of `record` got through, in the order they are tried:
 * an empty merge patch, then as plain JSON, then one member set to the value it has (for a server that
 * refuses an empty patch), for PATCH; the record as it is, without its id, for PUT; DELETE has none.
 */
export function noOpAttempts(method: WriteAttempt['method'], record: Readonly<Record<string, unknown>> | undefined, ownerMember: string | undefined, patchable: readonly string[] = []): readonly WriteAttempt[] {
  const kept = Object.entries(record ?? {}).filter(([name]) => name !== 'id');
  switch (method) {
    case 'PATCH': {
      // A member the target says an owner may patch, else the first string member that does not name the owner.
      const member = kept.find(([name]) => patchable.includes(name)) ?? kept.find(([name, value]) => name !== ownerMember && typeof value === 'string');
      const same = member === undefined ? [] : [{ method, json: Object.fromEntries([member]), contentType: mergePatch } as const, { method, json: Object.fromEntries([member]), contentType: json } as const];
      return [{ method, json: {}, contentType: mergePatch }, { method, json: {}, contentType: json }, ...same];
    }
    case 'PUT':
      return record === undefined ? [] : [{ method, json: Object.fromEntries(kept), contentType: json }];
    case 'DELETE':
      return [{ method }];
  }
}

/** Sends the attempts as `intruder` until one is answered for something other than its body. */
export async function probeWrite(ctx: CheckContext, path: string, intruder: Caller, attempts: readonly WriteAttempt[]): Promise<WriteProbe> {
  const answers: string[] = [];
  for (const attempt of attempts) {
    const exchange = await ctx.origin.send(attempt.method, path, { as: intruder, json: attempt.json, contentType: attempt.contentType });
    const status = exchange.response.status;
    answers.push(attempt.contentType === undefined ? String(status) : `${status} ${attempt.contentType.replace('application/', '')}`);
    if (!aboutTheBody.has(status)) return { method: attempts[0]!.method, judged: exchange, answers };
  }
  return { method: attempts[0]?.method ?? '?', judged: undefined, answers };
}
