import { formatMs } from '../format.js';
import { checkDurationUs } from './fault-rule.js';

/**
 * Where in a request the origin dies. The effect and its idempotency record are one committed step
 * (`src/origin-storage.ts`), so these three are every place a crash can fall:
 * - `before-effect`: the request arrived and was being handled; nothing of it is committed.
 * - `after-effect`: the change is committed, the response never leaves.
 * - `after-response`: the response has left; the crash only loses what came after it.
 * A guest's app commits out of apisim's sight, so for it `after-effect` is "after the app answered, before
 * the answer leaves" (docs/guest-world.md, "Crashes: the restart hook").
 */
export const crashPoints = ['before-effect', 'after-effect', 'after-response'] as const;
export type CrashPoint = (typeof crashPoints)[number];

/**
 * A crash of the origin process, and its restart `downUs` later on the same storage. Either at the
 * `request`-th request the origin handles (counted from 1 over the whole run, upgrades included) at `point`,
 * or at the virtual time `atUs`, which loses every request then being handled (before its effect).
 * While down, whatever reaches the origin is lost, as against a host with nothing listening.
 */
export type OriginCrash =
  | { readonly request: number; readonly point: CrashPoint; readonly downUs: number }
  | { readonly atUs: number; readonly downUs: number };

export function checkCrash(crash: OriginCrash): void {
  checkDurationUs('downUs', crash.downUs);
  if ('request' in crash) {
    if (!Number.isSafeInteger(crash.request) || crash.request < 1) throw new RangeError(`request must be a whole number from 1, got ${crash.request}`);
  } else checkDurationUs('atUs', crash.atUs);
}

/** What the trace says of a crash. */
export function describeCrash(crash: OriginCrash): string {
  const down = `down for ${formatMs(crash.downUs)} ms`;
  if (!('request' in crash)) return `crash at ${formatMs(crash.atUs)} ms, requests being handled are lost; ${down}`;
  const where = { 'before-effect': 'before its effect', 'after-effect': 'after its effect, before its response', 'after-response': 'after its response' }[crash.point];
  return `crash at request ${crash.request}, ${where}; ${down}`;
}
