import { scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

export interface Account {
  readonly userId: number;
  readonly username: string;
  readonly roles: readonly string[];
  readonly salt: string;
  readonly passwordDigest: Buffer;
}

/** Cheap scrypt parameters: these are demo accounts checked thousands of times per property run. */
const scryptCost = { N: 1024, r: 8, p: 1 } as const;

function digest(password: string, salt: string): Buffer {
  return scryptSync(password, salt, 32, scryptCost);
}

/**
 * A login's digest, on libuv's thread pool: about 5 ms of CPU that must not stall the one event loop the
 * origin, the cache and the unstable line share on `npm start` (there, a flood of wrong passwords made a
 * cache hit take 418 ms). The simulator waits for it inside the request's event, so it changes no virtual time.
 */
function digestOffLoop(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, 32, scryptCost, (error, key) => {
      if (error === null) resolve(key);
      else reject(error);
    });
  });
}

/** Digests of stored passwords, computed once per process: property runs build thousands of origins. */
const storedDigests = new Map<string, Buffer>();

function storedDigest(password: string, salt: string): Buffer {
  const key = `${salt}\u0000${password}`;
  let d = storedDigests.get(key);
  if (d === undefined) {
    d = digest(password, salt);
    storedDigests.set(key, d);
  }
  return d;
}

/** Who may log in. Passwords are kept only as salted scrypt digests and compared in constant time. */
export class Accounts {
  readonly #byName = new Map<string, Account>();
  readonly #byId = new Map<number, Account>();

  add(userId: number, username: string, password: string, roles: readonly string[]): Account {
    const salt = `apisim:${username}`;
    const account = { userId, username, roles, salt, passwordDigest: storedDigest(password, salt) };
    this.#byName.set(username, account);
    this.#byId.set(userId, account);
    return account;
  }

  /** The highest account id: user ids up to it belong to accounts (`UsersStore.skipIdsThrough`). */
  get lastUserId(): number {
    return Math.max(0, ...this.#byId.keys());
  }

  byId(userId: number): Account | undefined {
    return this.#byId.get(userId);
  }

  /** The same answer, and about the same work, for an unknown name as for a wrong password. */
  async verify(username: string, password: string): Promise<Account | undefined> {
    const account = this.#byName.get(username);
    const expected = account?.passwordDigest ?? storedDigest('', 'apisim:nobody');
    const matches = timingSafeEqual(await digestOffLoop(password, account?.salt ?? 'apisim:nobody'), expected);
    return matches && account !== undefined ? account : undefined;
  }
}

/** The demonstration's people: three customers who own orders, and one support agent. */
export const demoAccounts = [
  { userId: 1, username: 'alice', password: 'alice-pw', roles: ['customer'] },
  { userId: 2, username: 'bob', password: 'bob-pw', roles: ['customer'] },
  { userId: 3, username: 'carol', password: 'carol-pw', roles: ['customer'] },
  { userId: 4, username: 'sam', password: 'sam-pw', roles: ['support'] },
] as const;

export function demoAccountStore(): Accounts {
  const accounts = new Accounts();
  for (const a of demoAccounts) accounts.add(a.userId, a.username, a.password, a.roles);
  return accounts;
}
