/**
 * The catalogue's two users and the bearer tokens they sign in for, shared by its Koa, Hono and Fastify apps
 * (the Express apps it borrows sign in with the Express example's session cookie). Each app makes its own `Accounts`,
 * so that no token outlives the app that issued it.
 */
const passwords = new Map([
  ['alice', 'alice-password'],
  ['bob', 'bob-password'],
]);

export class Accounts {
  readonly #users = new Map<string, string>();

  /** A new token for a known user and the right password (`POST /login`'s body), or undefined. */
  signIn(body: unknown): string | undefined {
    const { user, password } = (body ?? {}) as { user?: unknown; password?: unknown };
    if (typeof user !== 'string' || passwords.get(user) !== password) return undefined;
    const token = crypto.randomUUID();
    this.#users.set(token, user);
    return token;
  }

  /** The user an `Authorization` header's bearer token was issued to, if it was. */
  userOf(authorization: string | undefined): string | undefined {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    return token === undefined ? undefined : this.#users.get(token);
  }

  /** Whether the header carries a bearer token at all, known or not. */
  static presented(authorization: string | undefined): boolean {
    return /^Bearer \S+$/.test(authorization ?? '');
  }
}

/** How the description says the users sign in to a catalogue app: `POST /login`, the token in the answer's `token`. */
export const bearerUsers = {
  user: { login: { path: '/login', body: { user: 'alice', password: 'alice-password' } }, credential: { bearer: 'token' }, id: 'alice' },
  otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, credential: { bearer: 'token' }, id: 'bob' },
} as const;
