import fc from 'fast-check';
import type { Target, WritableSpec } from './targets/target.js';
import type { Role, TargetSession } from './targets/target-session.js';
import { idempotencyKeyHeader } from './idempotency-key-header.js';
import { markedBody, occurrences, postMarker } from './marked-body.js';
import { type Effects, tookEffect, writerOf } from './took-effect.js';
import { judgedRun, type Principle } from './principle.js';

/**
 * Spec §4 B and the IETF Idempotency-Key draft: a POST re-sent with the key it was first sent with takes
 * effect once, whether the copy comes after the first answer or alongside the first request. What took effect
 * is read back from the collection, where each POST's body carries a marker of its own.
 *
 * Only for a target that declares `idempotencyKey`: without a key, a re-sent POST is rightly a second one.
 */
export interface Resend {
  readonly writable: number;
  /** How many times the one request is sent, the first included. */
  readonly copies: number;
  /** The copies leave at once (the origin sees them concurrently), or each after the last one's answer. */
  readonly together: boolean;
}

export const idempotentResend: Principle<readonly Resend[]> = {
  name: 'idempotent-resend',
  statement: 'a POST re-sent with the same Idempotency-Key takes effect once',

  notApplicable(target) {
    if (target.idempotencyKey === undefined) return 'the target declares no idempotencyKey: without a key, a re-sent POST is rightly a second one';
    return writableProblem(target);
  },

  plan(target) {
    return fc.array(fc.record({ writable: fc.nat({ max: target.writable.length - 1 }), copies: fc.integer({ min: 2, max: 3 }), together: fc.boolean() }), { minLength: 1, maxLength: 3 });
  },

  settings: () => ({}),

  async check(run, resends) {
    const made: { writable: WritableSpec; marker: string; statuses: (number | null)[] }[] = [];
    for (const [i, resend] of resends.entries()) {
      const writable = run.target.writable[resend.writable]!;
      const marker = postMarker(i);
      const request = { method: 'POST', path: writable.collection, headers: idempotencyKeyHeader(run.target, `apisim-resend-${i}`), body: markedBody(writable.body, marker)! };
      const copies = Array.from({ length: resend.copies }, () => [writerOf(writable), request] as const);
      const exchanges = resend.together ? await run.sendTogether(copies) : await sequentially(run, copies);
      made.push({ writable, marker, statuses: exchanges.map((x) => x.response?.status ?? null) });
    }
    const problems: string[] = [];
    const counted: string[] = [];
    const unjudged: string[] = [];
    const read = new Map<WritableSpec, Effects | string>();
    for (const { writable, marker, statuses } of made) {
      const sentAs = `POST ${writable.collection} ${marker}, sent ${statuses.length} times with one key (answered ${statuses.map((s) => s ?? 'nothing').join(', ')})`;
      // A key that was never honoured with a 2xx made nothing to count: no creating body, not a broken key.
      if (!statuses.some((s) => s !== null && s >= 200 && s <= 299)) {
        unjudged.push(`${sentAs} was never answered 2xx: declare a body that creates one (writable[].body)`);
        continue;
      }
      if (!read.has(writable)) read.set(writable, await tookEffect(run, writable));
      const effects = read.get(writable)!;
      if (typeof effects === 'string') {
        if (!unjudged.includes(effects)) unjudged.push(effects);
        continue;
      }
      const count = occurrences(effects.text, marker);
      if (count !== 1) problems.push(`${sentAs}, made ${count} objects (${effects.source}), not 1`);
      else counted.push(`${sentAs}, made 1 object (${effects.source})`);
    }
    return judgedRun(problems, counted, unjudged.join('; '));
  },
};

/** Why the writable collections cannot carry the check: none declared, or a body with no string to mark. */
export function writableProblem(target: Target): string | undefined {
  if (target.writable.length === 0) return 'the target declares no writable collection (writable[])';
  const unmarked = target.writable.find((w) => markedBody(w.body, '') === undefined);
  if (unmarked !== undefined) return `the body of writable "${unmarked.name}" has no string member, so its writes cannot be told apart`;
  if (target.writable.some((w) => w.by === 'user') && target.users === undefined) return 'a writable collection is written by a user, but the target declares no users';
  return undefined;
}

async function sequentially(run: TargetSession, requests: readonly (readonly [Role, Parameters<TargetSession['send']>[1]])[]) {
  const exchanges = [];
  for (const [role, request] of requests) exchanges.push(await run.send(role, request));
  return exchanges;
}
