import { type Role, SignInUnanswered, type TargetSession } from './targets/target-session.js';

/**
 * Signs the roles in before a run's steps, asking again when a sign-in went unanswered: on a line that loses
 * responses, a login (a POST, which the client does not re-send) may be lost like any other request, and
 * that is the line's doing, not the service's. False when the line lost one role's every attempt: the run
 * then has nothing to judge. A sign-in the service refuses is an error at once.
 */
export async function signInOnLossyLine(run: TargetSession, roles: readonly Role[], attempts = 8): Promise<boolean> {
  for (const role of roles) {
    if (!(await signedIn(run, role, attempts))) return false;
  }
  return true;
}

async function signedIn(run: TargetSession, role: Role, attempts: number): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await run.caller(role);
      return true;
    } catch (error) {
      if (!(error instanceof SignInUnanswered)) throw error;
    }
  }
  return false;
}
