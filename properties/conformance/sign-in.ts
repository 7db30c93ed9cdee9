import type { Caller } from './caller.js';
import type { CredentialSpec, LoginRequest } from './credential-spec.js';
import type { TargetClient } from './target-client.js';
import { describeResponse, jsonOf } from './wire.js';

/** The credential could not be used: the run stops with a usage error, since no check could mean anything. */
export class SignInFailed extends Error {
  override readonly name = 'SignInFailed';
}

/** The `sub` of a JWT, read without verifying it: only to learn whose objects are whose, never to trust. */
export function jwtSubject(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : undefined;
  } catch {
    return undefined;
  }
}

/** The id a login answer names: apisim's `user_id`, or `id`/`sub` as other services write it. */
function idIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const name of ['user_id', 'id', 'sub']) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) return String(value);
  }
  return undefined;
}

/** The session cookie in a credential's headers, when it is exactly one cookie: what the auth check tampers with. */
export function cookieIn(headers: Readonly<Record<string, string>>): Caller['cookie'] {
  const pair = headers.cookie;
  if (pair === undefined || pair.includes(';')) return undefined;
  const equals = pair.indexOf('=');
  return equals <= 0 ? undefined : { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim() };
}

/** apisim's own sign-ins (spec: "not shown"; docs/decisions/auth-and-pipeline.md) written as the login request a description would write. */
function apisimLogin(spec: Extract<CredentialSpec, { kind: 'login' }>): LoginRequest {
  return {
    kind: 'request', label: spec.username, method: 'POST', path: spec.via === 'session' ? '/sessions' : '/tokens', headers: {},
    body: { username: spec.username, password: spec.password },
    credential: spec.via === 'session' ? 'cookie' : { bearer: 'access_token' },
  };
}

/** Who gave the credential, for a message: the option, or the description's member. */
const giver = (spec: CredentialSpec, role: Caller['role']) => (spec.kind === 'request' || spec.kind === 'headers' ? `users.${role === 'user' ? 'user' : 'otherUser'}` : `--${role}`);

/** Turns a credential spec into a caller, logging in when the spec asks for it. `userId` overrides what is learned. */
export async function signIn(spec: CredentialSpec, role: Caller['role'], client: TargetClient, userId: string | undefined): Promise<Caller> {
  switch (spec.kind) {
    case 'bearer':
      return { role, label: 'bearer token', headers: { authorization: `Bearer ${spec.token}` }, userId: userId ?? jwtSubject(spec.token), cookie: undefined };
    case 'cookie':
      return { role, label: `cookie ${spec.name}`, headers: { cookie: `${spec.name}=${spec.value}` }, userId, cookie: { name: spec.name, value: spec.value } };
    case 'headers':
      return { role, label: spec.label, headers: spec.headers, userId, cookie: cookieIn(spec.headers) };
    case 'login':
      return requestSignIn(apisimLogin(spec), role, giver(spec, role), client, userId);
    case 'request':
      return requestSignIn(spec, role, giver(spec, role), client, userId);
  }
}

/**
 * Sends the login request and takes the credential from where the spec says its answer holds it: over
 * sockets, and in the simulator for a target's session (`targets/target-session.ts`), so that a user signs
 * in one way wherever the checks and the principles run.
 */
export async function requestSignIn(login: LoginRequest, role: Caller['role'], giver: string, client: TargetClient, userId: string | undefined): Promise<Caller> {
  const what = `${giver}: ${login.method} ${login.path} as ${login.label}`;
  const { response } = await client.send(login.method, login.path, { headers: login.headers, json: login.body });
  if (response.status < 200 || response.status > 299) throw new SignInFailed(`${what} answered ${describeResponse(response)}`);
  const body = jsonOf(response);
  if (login.credential === 'cookie') {
    const pairs = response.setCookies.map((cookie) => cookie.split(';')[0]!.trim()).filter((pair) => pair.indexOf('=') > 0);
    if (pairs.length === 0) throw new SignInFailed(`${what} set no cookie: ${describeResponse(response)}`);
    const headers = { cookie: pairs.join('; ') };
    return { role, label: login.label, headers, userId: userId ?? idIn(body), cookie: cookieIn(headers) };
  }
  const member = login.credential.bearer;
  const token = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[member] : undefined;
  if (typeof token !== 'string' || token === '') throw new SignInFailed(`${what} answered no "${member}" string in its body: ${describeResponse(response)}`);
  return { role, label: login.label, headers: { authorization: `Bearer ${token}` }, userId: userId ?? idIn(body) ?? jwtSubject(token), cookie: undefined };
}
