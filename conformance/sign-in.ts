import type { Caller } from './caller.js';
import type { CredentialSpec } from './credential-spec.js';
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

/** Turns a credential spec into a caller, logging in when the spec asks for it. `userId` overrides what is learned. */
export async function signIn(spec: CredentialSpec, role: Caller['role'], client: TargetClient, userId: string | undefined): Promise<Caller> {
  switch (spec.kind) {
    case 'bearer':
      return { role, label: 'bearer token', headers: { authorization: `Bearer ${spec.token}` }, userId: userId ?? jwtSubject(spec.token), cookie: undefined };
    case 'cookie':
      return { role, label: `cookie ${spec.name}`, headers: { cookie: `${spec.name}=${spec.value}` }, userId, cookie: { name: spec.name, value: spec.value } };
    case 'login': {
      const path = spec.via === 'session' ? '/sessions' : '/tokens';
      const { response } = await client.send('POST', path, { json: { username: spec.username, password: spec.password } });
      if (response.status < 200 || response.status > 299) throw new SignInFailed(`--${role}: POST ${path} as ${spec.username} answered ${describeResponse(response)}`);
      const body = jsonOf(response);
      if (spec.via === 'token') {
        const token = (body as { access_token?: unknown } | undefined)?.access_token;
        if (typeof token !== 'string') throw new SignInFailed(`--${role}: POST /tokens answered no access_token: ${describeResponse(response)}`);
        return { role, label: spec.username, headers: { authorization: `Bearer ${token}` }, userId: userId ?? idIn(body) ?? jwtSubject(token), cookie: undefined };
      }
      const pair = response.setCookies[0]?.split(';')[0];
      const equals = pair?.indexOf('=') ?? -1;
      if (pair === undefined || equals <= 0) throw new SignInFailed(`--${role}: POST /sessions set no cookie: ${describeResponse(response)}`);
      const cookie = { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim() };
      return { role, label: spec.username, headers: { cookie: `${cookie.name}=${cookie.value}` }, userId: userId ?? idIn(body), cookie };
    }
  }
}
