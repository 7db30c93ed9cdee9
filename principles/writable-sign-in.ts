import { TargetError } from '../target/define-target.js';
import type { Role, TargetSession } from '../target/target-session.js';

/**
 * Signs every role in before a run's steps, asking again when a sign-in went unanswered: on a line that
 * loses responses, a login (a POST, which the client does not re-send) may be lost like any other request,
 * and that is the line's doing, not the service's. A sign-in the service refuses is still an error at once.
 */
export async function signInOnLossyLine(run: TargetSession, roles: readonly Role[], attempts = 8): Promise<void> {
  for (const role of roles) {
    for (let attempt = 1; ; attempt++) {
      try {
        await run.caller(role);
        break;
      } catch (error) {
        if (!(error instanceof TargetError) || !error.message.includes('answered nothing') || attempt >= attempts) throw error;
      }
    }
  }
}
