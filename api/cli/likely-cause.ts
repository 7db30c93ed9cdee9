import type { AppModule } from '../../sim/host/app-module/app-module.js';
import { usualSuspects } from '../../sim/host/world/usual-suspects.js';
import type { ComparedRun, LikelyCause } from './render/determinism-text.js';

/**
 * For a guest's app: first what the world saw it call that it cannot repeat (in any run, each once), since
 * that is a cause for certain; without any, the usual suspects, those of a fresh process when only a fresh
 * process differs (`acrossProcessesOnly`). apisim's own origin takes time and randomness only from the
 * simulator, so a difference there is apisim's bug.
 */
export function likelyCause(runs: readonly ComparedRun[], app: AppModule | undefined, acrossProcessesOnly: boolean): LikelyCause {
  if (app === undefined) {
    return {
      summary: "apisim's own origin takes time and randomness only from the simulator, so this is a bug in apisim: please report it with the replay command below.",
      details: [],
    };
  }
  const seen = [...new Set(runs.flatMap((run) => run.notVirtual ?? []))];
  if (seen.length > 0) return { summary: 'the app called what the virtual world does not make repeatable:', details: seen };
  return {
    summary: acrossProcessesOnly
      ? 'the runs in this process agree and a fresh process differs, so something is decided once a process; nothing the virtual world could see; the usual suspects (docs/guest-world.md, "Limits: what cannot be made deterministic"):'
      : 'nothing the virtual world could see; the usual suspects (docs/guest-world.md, "Limits: what cannot be made deterministic"):',
    details: usualSuspects(app.factory, acrossProcessesOnly),
  };
}
