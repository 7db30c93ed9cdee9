import fc from 'fast-check';
import type { RunSettingsInput } from '../sim/scenario/spec.js';
import type { WritableSpec } from './targets/target.js';
import { idempotencyKeyHeader } from './idempotency-key-header.js';
import { signInOnLossyLine } from './lossy-line-sign-in.js';
import { writableProblem } from './idempotent-resend.js';
import { type Effects, tookEffect, writerOf } from './took-effect.js';
import { markedBody, occurrences, postMarker } from './marked-body.js';
import { couldNotRun, judgedRun, type Principle } from './principle.js';

/**
 * Spec §4: on a line that loses, duplicates and delays messages, the keyed client re-sends a POST under the
 * key it was first sent with, and the origin makes that safe: every POST the client was answered 2xx took
 * effect exactly once, and every other (no answer, or a refusal) at most once. Where the origin can be made
 * to crash and restart on the storage it kept (apisim's own origin; a guest's app whose module exports
 * `restart(app)`), a crash before or after the effect, or after the answer, must not change that either:
 * keys the app keeps only in its process's memory are lost with it, and the re-send makes a second object.
 *
 * Only for a target that declares `idempotencyKey`: without one, a duplicated request is a second POST
 * whatever anyone does.
 */
export interface LineFaults {
  readonly lossPercent: number;
  readonly duplicatePercent: number;
  readonly jitterUs: number;
}

export interface Crash {
  /** The n-th request the origin handles, the users' sign-ins included. */
  readonly request: number;
  readonly point: 'before-effect' | 'after-effect' | 'after-response';
}

export interface ExactlyOncePlan {
  readonly faults: LineFaults;
  readonly posts: readonly number[];
  readonly crash: Crash | null;
}

/** Loss is kept where a sign-in and a read-back still get through within the client's attempts. */
const faults = fc.record({ lossPercent: fc.integer({ min: 0, max: 30 }), duplicatePercent: fc.integer({ min: 0, max: 30 }), jitterUs: fc.integer({ min: 0, max: 50_000 }) });
const crash = fc.record({ request: fc.integer({ min: 1, max: 4 }), point: fc.constantFrom('before-effect' as const, 'after-effect' as const, 'after-response' as const) });
const maxAttempts = 10;

export const exactlyOnce: Principle<ExactlyOncePlan> = {
  name: 'exactly-once',
  statement: 'under loss, duplicates and delay (and crashes, where the origin can restart: apisim\'s own, or an app whose module exports restart), every POST the keyed client was answered 2xx takes effect exactly once, every other at most once',

  notApplicable(target) {
    if (target.idempotencyKey === undefined) return 'the target declares no idempotencyKey: without one, a duplicated POST is rightly a second one';
    return writableProblem(target);
  },

  plan(target, origin) {
    const posts = fc.array(fc.nat({ max: target.writable.length - 1 }), { minLength: 1, maxLength: 4 });
    return fc.record({ faults, posts, crash: origin.restarts ? fc.option(crash, { nil: null }) : fc.constant(null) });
  },

  settings(plan): RunSettingsInput {
    return {
      modes: { client: { policy: 'keyed', maxAttempts } },
      topology: {
        wan: {
          faults: [
            { rule: 'loss', probability: plan.faults.lossPercent / 100 },
            // Copies stay well under the client's timeout: one that surfaces after the client moved on is another principle's.
            { rule: 'duplicate', probability: plan.faults.duplicatePercent / 100, copyDelayUs: 1_000 },
            { rule: 'delay', jitterUs: plan.faults.jitterUs },
          ],
        },
      },
      ...(plan.crash === null ? {} : { crashes: [plan.crash] }),
    };
  },

  async check(run, plan) {
    if (!(await signInOnLossyLine(run, [...new Set(plan.posts.map((w) => writerOf(run.target.writable[w]!)))], 3))) return couldNotRun('the line lost every sign-in of a writer in 3 tries, so no POST was sent');
    const sent: { writable: WritableSpec; marker: string; status: number | null; attempts: number }[] = [];
    for (const [i, w] of plan.posts.entries()) {
      const writable = run.target.writable[w]!;
      const marker = postMarker(i);
      const exchange = await run.send(writerOf(writable), { method: 'POST', path: writable.collection, headers: idempotencyKeyHeader(run.target, `apisim-once-${i}`), body: markedBody(writable.body, marker)! });
      sent.push({ writable, marker, status: exchange.response?.status ?? null, attempts: exchange.attempts });
    }
    const problems: string[] = [];
    const counted: string[] = [];
    const uncounted: string[] = [];
    const read = new Map<WritableSpec, Effects | string>();
    for (const { writable, marker, status, attempts } of sent) {
      // The read-back crosses the same line: a few tries, and a run it cannot read back judges nothing.
      if (!read.has(writable)) read.set(writable, await tookEffect(run, writable, 5));
      const effects = read.get(writable)!;
      if (typeof effects === 'string') {
        if (!uncounted.includes(effects)) uncounted.push(effects);
        continue;
      }
      const count = occurrences(effects.text, marker);
      const acknowledged = status !== null && status >= 200 && status <= 299;
      const sentAs = `POST ${writable.collection} ${marker} (${status === null ? 'no answer' : `answered ${status}`}, ${attempts} attempt${attempts === 1 ? '' : 's'}) made ${count} object${count === 1 ? '' : 's'} (${effects.source})`;
      if (count > 1 || (acknowledged && count !== 1)) problems.push(`${sentAs}, not ${acknowledged ? 'exactly 1' : 'at most 1'}`);
      else counted.push(sentAs);
    }
    return judgedRun(problems, counted, uncounted.join('; '));
  },
};
