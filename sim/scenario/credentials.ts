import { UnsecuredJWT } from 'jose';
import type { Headers } from '../../src/http/message.js';
import type { Origin } from '../../src/origin.js';
import { sessionCookieName } from '../../src/auth/authenticate.js';
import { demoAccounts } from '../../src/auth/accounts.js';
import { scopesOfRoles } from '../../src/policy/roles.js';
import { ScenarioError, type ScenarioSpec, type StepSpec, type SubscriptionSpec } from './spec.js';

const usernames: ReadonlySet<string> = new Set(demoAccounts.map((a) => a.username));

/** A step's own credential; else its client's session when the client is named after a user; else the scenario's. */
export function credentialOf(spec: ScenarioSpec, step: Pick<StepSpec | SubscriptionSpec, 'client' | 'auth'>): string {
  return step.auth ?? (usernames.has(step.client) ? `session:${step.client}` : spec.auth);
}

/**
 * Turns each credential a scenario names (`session:alice`, `forged-token:bob`, ...) into the headers its
 * steps send. Everything is issued by the origin itself at virtual time 0, as a login would have, so the
 * credentials are as real as the gate that checks them; the broken kinds are made the way an attacker or a
 * stale client would make them.
 */
export async function mintCredentials(origin: Origin, specs: ReadonlySet<string>): Promise<Map<string, Headers>> {
  const headers = new Map<string, Headers>();
  for (const spec of [...specs].sort()) headers.set(spec, await mint(origin, spec));
  return headers;
}

async function mint(origin: Origin, spec: string): Promise<Headers> {
  if (spec === 'none') return {};
  if (spec === 'unknown-session') return { cookie: `${sessionCookieName}=00000000-0000-4000-8000-000000000000` };
  const narrowed = /^token:([a-z]+)\[(.*)\]$/.exec(spec);
  if (narrowed !== null) return narrowedToken(origin, narrowed[1]!, narrowed[2]!.split(' ').filter((s) => s !== ''));
  const [kind, username] = spec.split(':') as [string, string];
  const account = [1, 2, 3, 4].map((id) => origin.accounts.byId(id)).find((a) => a?.username === username);
  if (account === undefined) throw new ScenarioError(`no account named "${username}"`);
  const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
  switch (kind) {
    case 'session':
      return { cookie: `${sessionCookieName}=${origin.login.openSession(account, 0)}` };
    case 'revoked-session': {
      const id = origin.login.openSession(account, 0);
      origin.login.revokeSession(id);
      return { cookie: `${sessionCookieName}=${id}` };
    }
    case 'token':
      return bearer(await origin.login.issueToken(account, 0));
    case 'expired-token':
      return bearer(await origin.login.issueToken(account, 0, { lifetimeUs: -1_000_000 }));
    case 'forged-token':
      return bearer(forge(await origin.login.issueToken(account, 0)));
    case 'alg-none-token':
      return bearer(new UnsecuredJWT({ sub: String(account.userId), preferred_username: account.username, roles: ['support'], scope: 'read:orders' }).encode());
    default:
      throw new ScenarioError(`unknown credential kind "${kind}"`);
  }
}

/** A token with fewer scopes than the account's roles grant, as a login asking for `"scope"` gets; never more. */
async function narrowedToken(origin: Origin, username: string, scopes: readonly string[]): Promise<Headers> {
  const account = [1, 2, 3, 4].map((id) => origin.accounts.byId(id)).find((a) => a?.username === username);
  if (account === undefined) throw new ScenarioError(`no account named "${username}"`);
  const granted = scopesOfRoles(account.roles);
  const refused = scopes.filter((s) => !granted.has(s));
  if (refused.length > 0) throw new ScenarioError(`token:${username}[...] asks for ${refused.join(' ')}, which ${username}'s roles do not grant`);
  return { authorization: `Bearer ${await origin.login.issueToken(account, 0, { scopes })}` };
}

/** Grants the token the support role after signing: the signature no longer matches the payload. */
function forge(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['support'], scope: `${String(claims.scope)} read:orders` })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}
