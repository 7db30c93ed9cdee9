import type { Accounts } from './accounts.js';
import type { SessionStore } from './sessions.js';
import type { TokenIssuer } from './tokens.js';

/** What both issuing credentials (login) and checking them (gate 1) work from. */
export interface CredentialStores {
  readonly accounts: Accounts;
  readonly sessions: SessionStore;
  readonly tokens: TokenIssuer;
  /** The policy's role → scopes table, passed in because `auth/` does not import `policy/`. */
  readonly scopesOf: (roles: readonly string[]) => ReadonlySet<string>;
}
