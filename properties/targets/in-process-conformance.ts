import type { Caller } from '../conformance/caller.js';
import { ConfigRefused, type InProcessTarget, type OpenInProcess } from '../conformance/in-process.js';
import { cookieIn } from '../conformance/sign-in.js';
import { UserError } from '../../sim/user-error.js';
import { conformanceShape } from './conformance-shape.js';
import { lineSettings } from './line-settings.js';
import { loadTarget } from './load-target.js';
import { sessionTransport, simulatedBaseUrl } from './session-transport.js';
import { PreparedTarget, type Role, type TargetSession } from './target-session.js';
import { userLabel } from './user-label.js';

/** The role's caller as the checks know it: signed in the target's way, or no one when the target declares no users. */
async function callerOf(run: TargetSession, role: Exclude<Role, 'anonymous'>): Promise<Caller> {
  const users = run.target.users;
  if (users === undefined) return { role, label: 'no credential', headers: {}, userId: undefined, cookie: undefined };
  const signed = await run.caller(role);
  return { role, label: userLabel(role === 'user' ? users.user : users.otherUser, role), headers: signed.headers, userId: signed.id, cookie: cookieIn(signed.headers) };
}

/**
 * `npx apisim conformance --config <file>`: loads the target description, opens a session on the app it
 * names (or on apisim's own origin) with the seed and the line asked for, and signs both users in.
 */
export const openInProcess: OpenInProcess = async (options) => {
  let run: TargetSession;
  try {
    const prepared = await PreparedTarget.prepare(await loadTarget(options.configFile));
    if (options.line === 'crash' && !prepared.restarts) {
      const app = prepared.target.app;
      const named = 'module' in app ? `the app module ${app.module} (which ${options.configFile} names)` : `the app ${options.configFile} names`;
      throw new ConfigRefused(`--line crash needs an app that can restart: ${named} exports no restart(app), which builds a new app on the storage the old one kept (docs/guest-world.md); try --line unstable or lossy`);
    }
    run = await prepared.open({ seed: options.seed, settings: lineSettings(options.line), trace: options.traceHops === true ? 'full' : 'off' });
  } catch (error) {
    // A mistake in the description or the app is the user's to fix: its message, no stack trace (exit 2).
    if (error instanceof UserError) throw new ConfigRefused(error.message);
    throw error;
  }
  try {
    const transport = sessionTransport(run.session, simulatedBaseUrl(run.prepared.name), 'anonymous', options.line !== 'stable', run.prepared.name);
    const user = await callerOf(run, 'user');
    const otherUser = await callerOf(run, 'other-user');
    const line = options.line === 'stable' ? '' : `, ${options.line} line`;
    const opened: InProcessTarget = {
      transport, user, otherUser,
      shape: conformanceShape(run.target, run.prepared.derivation),
      label: `${options.configFile} (${run.prepared.name}) in the simulator (virtual time), seed ${options.seed}${line}`,
      nowMs: () => transport.nowMs(),
      close: () => run.close(),
    };
    return opened;
  } catch (error) {
    run.close();
    if (error instanceof UserError) throw new ConfigRefused(error.message);
    throw error;
  }
};
