import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Handler, Maybe } from '../http/handler.js';
import { type HttpResponse, jsonResponse, request, response } from '../http/message.js';
import { problem, problemResponse } from '../http/problem.js';
import { idempotent, type IdempotencyOptions, isStoredStatus } from './idempotent-handler.js';
import { IdempotencyStore } from './record-store.js';
import { runCount } from '../../test/support/run-count.js';

/**
 * Principle (draft-ietf-httpapi-idempotency-key-header; spec §4 Area B): with an Idempotency-Key, a POST takes
 * effect at most once per caller and key, however often it is re-sent. For any sequence of keyed requests
 * drawn from few callers, keys and bodies, whose handler succeeds, refuses (4xx), fails (5xx) or throws:
 *
 *   effects = the number of distinct (caller, key) pairs whose first stored answer was a success,
 *
 * and every repeat of a stored request gets that stored answer back. The same property against a wrapper
 * that does not consult the store, or that forgets the caller's scope, must fail.
 */

type Outcome = 'ok' | 'refuse' | 'fail' | 'throw';

interface Send {
  readonly caller: string;
  readonly key: string;
  readonly content: string;
  /** What the handler does with this body; part of the body, so a repeat behaves like its original. */
  readonly outcome: Outcome;
  /** Virtual time passing before this send, well inside the retention. */
  readonly gapUs: number;
}

const send = fc.record({
  caller: fc.constantFrom('alice', 'bob'),
  key: fc.constantFrom('k1', 'k2', 'k3'),
  content: fc.constantFrom('a', 'b'),
  outcome: fc.constantFrom<Outcome>('ok', 'ok', 'ok', 'refuse', 'fail', 'throw'),
  gapUs: fc.integer({ min: 0, max: 15_000 }),
});
const sends = fc.array(send, { minLength: 1, maxLength: 30 });

type Wrap = (handler: Handler, store: IdempotencyStore, options: IdempotencyOptions) => Handler;

/** The effect is counted only on success: a refusal or a failure applies nothing. */
function countingHandler(effects: { count: number }): Handler {
  return (req) => {
    const body = JSON.parse(req.body!) as { content: string; outcome: Outcome };
    switch (body.outcome) {
      case 'ok':
        effects.count++;
        return jsonResponse(201, { id: effects.count, content: body.content }, { location: `/notes/${effects.count}` });
      case 'refuse':
        return problemResponse(problem(422, 'invalid-body', 'Unprocessable Content', 'refused'));
      case 'fail':
        return response(503);
      case 'throw':
        throw new Error('handler crashed');
    }
  };
}

/** What the handler answers when it runs; 'ok' and 'refuse' are stored, 'fail' (5xx) and 'throw' are not. */
const freshAnswer: Record<Outcome, number | 'threw'> = { ok: 201, refuse: 422, fail: 503, throw: 'threw' };

function effectsAtMostOncePerKey(wrap: Wrap) {
  return (list: readonly Send[]): void => {
    let nowUs = 0;
    const effects = { count: 0 };
    const handle = wrap(countingHandler(effects), new IdempotencyStore(() => nowUs), {
      scopeOf: (req) => req.headers['x-caller']!,
    });

    // The model: per (caller, key), the first stored answer and the body it was stored for.
    const stored = new Map<string, { readonly body: string; readonly response: HttpResponse }>();
    let expectedEffects = 0;

    for (const s of list) {
      nowUs += s.gapUs;
      const body = JSON.stringify({ content: s.content, outcome: s.outcome });
      const req = request('POST', '/notes', { 'content-type': 'application/json', 'x-caller': s.caller, 'idempotency-key': s.key }, body);
      let res: Maybe<HttpResponse> | 'threw';
      try {
        res = handle(req);
      } catch {
        res = 'threw';
      }
      if (res instanceof Promise) throw new Error('the handler is synchronous, so must the wrapper be');

      const pair = JSON.stringify([s.caller, s.key]);
      const before = stored.get(pair);
      if (before === undefined) {
        // Nothing stored for the pair: the handler runs, and the outcome decides what is kept.
        const answer = res === 'threw' ? 'threw' : res.status;
        if (answer !== freshAnswer[s.outcome]) throw new Error(`the first ${s.outcome} of ${pair} answered ${answer}`);
        if (res !== 'threw' && isStoredStatus(res.status)) stored.set(pair, { body, response: res });
        if (s.outcome === 'ok') expectedEffects++;
      } else if (before.body === body) {
        if (res === 'threw' || res.body !== before.response.body || res.status !== before.response.status) {
          throw new Error(`a repeat of ${pair} was not answered with its stored response`);
        }
      } else if (res === 'threw' || res.status !== 422) {
        throw new Error(`${pair} reused with another body was not refused with 422`);
      }
    }
    expect(effects.count).toBe(expectedEffects);
  };
}

describe('an Idempotency-Key makes a POST take effect at most once per caller and key', () => {
  test.prop([sends], { numRuns: runCount(300) })('effects = (caller, key) pairs whose first stored answer succeeded', effectsAtMostOncePerKey(idempotent));

  test('teeth: a wrapper that does not consult the store is caught with a duplicate effect', () => {
    const ignoresStore: Wrap = (handler) => handler;
    const result = fc.check(fc.property(sends, effectsAtMostOncePerKey(ignoresStore)), { numRuns: 300, seed: 42 });
    expect(result.failed).toBe(true);
    // Shrunk to a short story: a successful POST re-sent, whose repeat was a second effect.
    const [shrunk] = result.counterexample!;
    expect(shrunk.length).toBeLessThanOrEqual(3);
    expect(String(result.errorInstance)).toMatch(/a repeat of .* was not answered with its stored response/);
  });

  test('teeth: a wrapper that forgets the caller\'s scope is caught too', () => {
    const unscoped: Wrap = (handler, store, options) => idempotent(handler, store, { ...options, scopeOf: () => 'everyone' });
    const result = fc.check(fc.property(sends, effectsAtMostOncePerKey(unscoped)), { numRuns: 300, seed: 42 });
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(new Set(shrunk.map((s) => s.caller)).size).toBe(2);
  });
});
