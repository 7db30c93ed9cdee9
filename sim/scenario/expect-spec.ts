import { z } from 'zod';
import { jsonPointerPattern } from './json-pointer.js';

/**
 * A scenario's `expect` block: what must happen, so that a file (or a built-in) says what it demonstrates and
 * `npm run sim` exits 1 when it does not. Every field is optional and each is judged on its own
 * (`expectations.ts`); a boolean says which way its check must come out, so a scenario that shows a broken
 * world can expect the break (`"linearizable": false`).
 */
export const expectSpec = z
  .strictObject({
    statuses: z
      .array(z.number().int().min(100).max(599).nullable())
      .optional()
      .describe('One per step, in order: the status its exchange ended with, or null for no response (the client gave up: the outcome is unknown).'),
    notes: z.number().int().min(0).optional().describe('How many notes apisim\'s own origin holds at the end (for an app named in "origin", use finalState).'),
    finalState: z
      .record(z.string().regex(jsonPointerPattern, 'must be a JSON Pointer (RFC 6901) like "/notes/0/content", or "" for the whole state'), z.json())
      .optional()
      .describe('JSON Pointers into the final state --json prints (apisim\'s origin, or what the app\'s state() returned), each equal to its value; "" is the whole state.'),
    noServerErrors: z.boolean().optional().describe('true: no step\'s response is a 5xx; false: at least one is.'),
    linearizable: z.boolean().optional()
      .describe('true: the history of the note operations (/notes and /notes/<id>) is linearizable, one register per note; false: the checker finds a violation.'),
    atMostOneEffectPerKey: z.boolean().optional()
      .describe('true: no POST /notes sent under an Idempotency-Key took effect twice (at the end, no more of apisim\'s notes hold its content than requests sent that content); false: one did.'),
  })
  .describe('What must happen. `npm run sim` judges each after the run, prints the verdicts and exits 1 if one failed.');

export type ExpectSpec = z.output<typeof expectSpec>;

/**
 * What an `expect` block gets wrong about the rest of its scenario, which its own schema cannot see: a
 * status list that does not match the steps, a note count for an app that is not apisim's. Caught before the
 * run, like any other mistake in the file, so that a verdict is never about a typo.
 */
export function expectProblems(scenario: { readonly steps: readonly unknown[]; readonly origin?: unknown; readonly expect?: ExpectSpec | undefined }): { readonly path: string; readonly message: string }[] {
  const expect = scenario.expect;
  if (expect === undefined) return [];
  const problems: { path: string; message: string }[] = [];
  const steps = scenario.steps.length;
  if (expect.statuses !== undefined && expect.statuses.length !== steps) {
    problems.push({ path: 'expect.statuses', message: `must list one status per step (${steps} step${steps === 1 ? '' : 's'}), got ${expect.statuses.length}` });
  }
  if (expect.notes !== undefined && scenario.origin !== undefined) {
    problems.push({ path: 'expect.notes', message: 'counts apisim\'s own notes; for your app\'s state, name a figure of what its state() returns in expect.finalState' });
  }
  if (expect.atMostOneEffectPerKey !== undefined && scenario.origin !== undefined) {
    problems.push({ path: 'expect.atMostOneEffectPerKey', message: 'counts apisim\'s own notes; for your app, name a figure of what its state() returns in expect.finalState' });
  }
  return problems;
}
