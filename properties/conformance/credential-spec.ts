/**
 * How `--user` and `--other-user` name a credential. The spec leaves login open ("how credentials are
 * issued: not shown"), so two forms log in the apisim way and two take a credential obtained elsewhere,
 * which works against any deployment:
 *
 * | form | what the suite does |
 * |---|---|
 * | `alice:alice-pw` or `session:alice:alice-pw` | `POST /sessions {"username","password"}`, then sends the cookie it set |
 * | `token:alice:alice-pw` | `POST /tokens {"username","password"}`, then `Authorization: Bearer <access_token>` |
 * | `bearer:<token>` | `Authorization: Bearer <token>` (RFC 6750) |
 * | `cookie:<name>=<value>` | `Cookie: <name>=<value>` |
 *
 * A user name cannot contain `:` (as in HTTP Basic); a password may.
 */
export type CredentialSpec =
  | { readonly kind: 'login'; readonly via: 'session' | 'token'; readonly username: string; readonly password: string }
  | { readonly kind: 'bearer'; readonly token: string }
  | { readonly kind: 'cookie'; readonly name: string; readonly value: string }
  | LoginRequest
  | FixedHeaders;

/**
 * A sign-in as a target description writes it (`users.*.login`), for services that do not sign in the
 * apisim way: the request to send as it is, and where the credential is in its answer. `properties/targets/`
 * fills it from `apisim.config.ts`; no command-line form names it.
 */
export interface LoginRequest {
  readonly kind: 'request';
  /** For the report: the user's name as the description gives it. */
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** A JSON value sent as the body; none when undefined. */
  readonly body: unknown;
  /** `cookie`: the answer's Set-Cookie pairs go back as Cookie; `{ bearer }`: that member of its JSON body goes as `Authorization: Bearer`. */
  readonly credential: 'cookie' | { readonly bearer: string };
}

/** Headers a description gives as they are (`users.*.headers`): sent on every request of that user. */
export interface FixedHeaders {
  readonly kind: 'headers';
  readonly label: string;
  readonly headers: Readonly<Record<string, string>>;
}

export type CredentialParse = { readonly ok: true; readonly spec: CredentialSpec } | { readonly ok: false; readonly error: string };

const forms = 'user:password, session:user:password, token:user:password, bearer:<token> or cookie:<name>=<value>';

export function parseCredential(text: string): CredentialParse {
  const colon = text.indexOf(':');
  if (colon <= 0) return { ok: false, error: `"${text}" is not a credential; write ${forms}` };
  const prefix = text.slice(0, colon);
  const rest = text.slice(colon + 1);
  if (prefix === 'bearer') return rest === '' ? { ok: false, error: 'bearer: needs a token' } : { ok: true, spec: { kind: 'bearer', token: rest } };
  if (prefix === 'cookie') {
    const equals = rest.indexOf('=');
    if (equals <= 0) return { ok: false, error: `cookie: needs <name>=<value>, got "${rest}"` };
    return { ok: true, spec: { kind: 'cookie', name: rest.slice(0, equals), value: rest.slice(equals + 1) } };
  }
  const login = (via: 'session' | 'token', pair: string): CredentialParse => {
    const split = pair.indexOf(':');
    if (split <= 0) return { ok: false, error: `${via}: needs user:password, got "${pair}"` };
    return { ok: true, spec: { kind: 'login', via, username: pair.slice(0, split), password: pair.slice(split + 1) } };
  };
  if (prefix === 'session' || prefix === 'token') return login(prefix, rest);
  return login('session', text);
}
