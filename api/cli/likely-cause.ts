import type { AppModule } from '../../sim/host/app-module/app-module.js';
import { usualSuspects } from '../../sim/host/world/usual-suspects.js';
import type { LikelyCause } from './render/determinism-text.js';
import { type GuestRunResult, isGuestRun } from '../../sim/scenario/result.js';
import type { RunResult } from '../../sim/scenario/run.js';

/**
 * For a guest's app: first what the world saw it call that it cannot repeat (in either run, each once), since
 * that is a cause for certain; without any, the usual suspects. apisim's own origin takes time and randomness
 * only from the simulator, so a difference there is apisim's bug.
 */
export function likelyCause(first: RunResult | GuestRunResult, second: RunResult | GuestRunResult, app: AppModule | undefined): LikelyCause {
  if (!isGuestRun(first) || !isGuestRun(second) || app === undefined) {
    return {
      summary: "apisim's own origin takes time and randomness only from the simulator, so this is a bug in apisim: please report it with the replay command below.",
      details: [],
    };
  }
  const seen = [...new Set([...first.notVirtual, ...second.notVirtual])];
  if (seen.length > 0) return { summary: 'the app called what the virtual world does not make repeatable:', details: seen };
  return {
    summary: 'nothing the virtual world could see; the usual suspects (docs/guest-world.md, "Limits: what cannot be made deterministic"):',
    details: usualSuspects(app.factory),
  };
}
