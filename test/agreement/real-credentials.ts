import { Buffer } from 'node:buffer';
import { UnsecuredJWT } from 'jose';
import { demoAccounts } from '../../src/auth/accounts.js';
import { sessionCookieName } from '../../src/auth/authenticate.js';
import { type Headers, request } from '../../src/http/message.js';
import type { Upstream } from '../../server/upstream.js';

/**
 * The credentials a scenario names (`session:alice`, `token:bob[read:orders]`, `forged-token:bob`, ...),
 * obtained the way a real client obtains them: by logging in over the socket (`POST /sessions`, `POST
 * /tokens`), so the `Set-Cookie` and token responses cross the adapter too. The broken kinds are made from
 * real ones as `sim/scenario/credentials.ts` makes them. `expired-token:` and `revoked-session:` need a clock
 * the test does not own and are refused.
 */
export async function loginOverSocket(origin: Upstream, spec: string): Promise<Headers> {
  if (spec === 'none') return {};
  if (spec === 'unknown-session') return { cookie: `${sessionCookieName}=00000000-0000-4000-8000-000000000000` };
  const narrowed = /^token:([a-z]+)\[(.*)\]$/.exec(spec);
  if (narrowed !== null) return { authorization: `Bearer ${await token(origin, narrowed[1]!, narrowed[2])}` };
  const [kind, username] = spec.split(':') as [string, string];
  switch (kind) {
    case 'session':
      return { cookie: await session(origin, username) };
    case 'token':
      return { authorization: `Bearer ${await token(origin, username, undefined)}` };
    case 'forged-token':
      return { authorization: `Bearer ${forge(await token(origin, username, undefined))}` };
    case 'alg-none-token': {
      const userId = account(username).userId;
      return { authorization: `Bearer ${new UnsecuredJWT({ sub: String(userId), preferred_username: username, roles: ['support'], scope: 'read:orders' }).encode()}` };
    }
    default:
      throw new Error(`the agreement test cannot make a ${spec} credential over a socket`);
  }
}

async function session(origin: Upstream, username: string): Promise<string> {
  const res = await origin.send(loginRequest('/sessions', username, undefined));
  const cookie = new RegExp(`^(${sessionCookieName}=[^;]+)`).exec(res.headers['set-cookie'] ?? '');
  if (res.status !== 201 || cookie === null) throw new Error(`login of ${username} failed: ${res.status} ${res.body ?? ''}`);
  return cookie[1]!;
}

async function token(origin: Upstream, username: string, scope: string | undefined): Promise<string> {
  const res = await origin.send(loginRequest('/tokens', username, scope));
  const body = JSON.parse(res.body ?? '{}') as { access_token?: unknown };
  if (res.status !== 200 || typeof body.access_token !== 'string') throw new Error(`token for ${username} failed: ${res.status} ${res.body ?? ''}`);
  return body.access_token;
}

function loginRequest(path: string, username: string, scope: string | undefined) {
  const body = JSON.stringify({ username, password: account(username).password, ...(scope !== undefined && { scope }) });
  return request('POST', path, { 'content-type': 'application/json' }, body);
}

function account(username: string) {
  const found = demoAccounts.find((a) => a.username === username);
  if (found === undefined) throw new Error(`no demo account ${username}`);
  return found;
}

/** Grants the token the support role after signing, as the simulator's `forged-token:` does. */
function forge(jwt: string): string {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['support'], scope: `${String(claims.scope)} read:orders` })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}
