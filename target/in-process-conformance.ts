import type { Caller } from '../conformance/caller.js';
import { ConfigRefused, type InProcessTarget, type OpenInProcess } from '../conformance/in-process.js';
import { AppModuleError } from '../host/app-module/app-module-error.js';
import { ScenarioError } from '../sim/scenario/spec.js';
import { conformanceShape } from './conformance-shape.js';
import { lineSettings } from './line-settings.js';
import { loadTarget } from './load-target.js';
import { sessionTransport } from './session-transport.js';
import type { Target, UserSpec } from './target.js';
import { PreparedTarget, type Role, type TargetSession } from './target-session.js';

/** What a request in the simulator is addressed to: a name under `.invalid` (RFC 6761), which reaches nothing real. */
const simulatedBaseUrl = (target: Target) => `http://${target.name ?? 'target'}.apisim.invalid`;

/** A user's name for the report: the member of the sign-in body that names them, else their id, else the role. */
function labelOf(spec: UserSpec | undefined, role: string): string {
  if (spec !== undefined && 'login' in spec) {
    const body = spec.login.body;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      for (const name of ['user', 'username', 'email', 'name']) if (typeof body[name] === 'string') return body[name];
    }
  }
  return spec?.id ?? role;
}

/** A session cookie as the auth check tampers with it: only when the credential is exactly one cookie. */
function cookieOf(headers: Readonly<Record<string, string>>): Caller['cookie'] {
  const pair = headers.cookie;
  if (pair === undefined || pair.includes(';')) return undefined;
  const equals = pair.indexOf('=');
  return equals <= 0 ? undefined : { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
}

/** The role's caller as the checks know it: signed in the target's way, or no one when the target declares no users. */
async function callerOf(run: TargetSession, role: Exclude<Role, 'anonymous'>): Promise<Caller> {
  const users = run.target.users;
  if (users === undefined) return { role, label: 'no credential', headers: {}, userId: undefined, cookie: undefined };
  const signed = await run.caller(role);
  return { role, label: labelOf(role === 'user' ? users.user : users.otherUser, role), headers: signed.headers, userId: signed.id, cookie: cookieOf(signed.headers) };
}

/** A mistake in the description or the app is the user's to fix: its message, no stack trace (exit 2). */
const refusable = (error: unknown): error is Error => error instanceof ScenarioError || error instanceof AppModuleError;

/**
 * `npx apisim conformance --config <file>`: loads the target description, opens a session on the app it
 * names (or on apisim's own origin) with the seed and the line asked for, and signs both users in.
 */
export const openInProcess: OpenInProcess = async (options) => {
  let run: TargetSession;
  try {
    const prepared = await PreparedTarget.prepare(await loadTarget(options.configFile));
    if (options.line === 'crash' && !('apisim' in prepared.target.app)) {
      throw new ConfigRefused(`--line crash is not supported for ${options.configFile}: only apisim's own origin (app: { apisim: { … } }) can be killed mid-run and restarted on its storage; try --line unstable or lossy`);
    }
    run = await prepared.open({ seed: options.seed, settings: lineSettings(options.line), trace: 'off' });
  } catch (error) {
    if (refusable(error)) throw new ConfigRefused(error.message);
    throw error;
  }
  try {
    const transport = sessionTransport(run, simulatedBaseUrl(run.target));
    const user = await callerOf(run, 'user');
    const otherUser = await callerOf(run, 'other-user');
    const line = options.line === 'stable' ? '' : `, ${options.line} line`;
    const opened: InProcessTarget = {
      transport, user, otherUser,
      shape: conformanceShape(run.target),
      label: `${options.configFile} (${run.prepared.name}) in the simulator (virtual time), seed ${options.seed}${line}`,
      nowMs: () => transport.nowMs(),
      close: () => run.close(),
    };
    return opened;
  } catch (error) {
    run.close();
    if (refusable(error)) throw new ConfigRefused(error.message);
    throw error;
  }
};
