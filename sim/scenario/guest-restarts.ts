import type { OriginCrash } from '../faults/origin-crash.js';
import type { OriginRestarts } from '../nodes/origin-life.js';
import type { GuestVisit } from './guest-origin.js';

/**
 * A guest's crashes as the origin node takes them: each crash tells the visit, so that the dead app's
 * pending work goes with it, and each restart asks the visit for a new app on the kept storage. None without crashes, so a run without them is staged exactly as before.
 */
export function guestRestarts(crashes: readonly OriginCrash[], visit: GuestVisit): OriginRestarts | undefined {
  const restart = visit.restart;
  if (crashes.length === 0 || restart === undefined) return undefined;
  return { crashes, restart, crashed: () => visit.crashed() };
}
