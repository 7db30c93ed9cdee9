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

/**
 * How many password checks run at once, and how many may wait for one. A flood of right passwords kept
 * libuv's four threads hashing on a 2-core machine, and the one event loop that serves everything on
 * `npm start` got what was left of the cores: a cache hit's p50 went from 2.6 to 64 ms. One at a time
 * leaves a core to the loop; past the queue (about a third of a second of hashing) a login is refused
 * at once, its password unchecked, rather than queued for ever.
 */
export interface DigestLimits {
  readonly concurrent: number;
  readonly waiting: number;
}

export const defaultDigestLimits: DigestLimits = { concurrent: 1, waiting: 64 };

/** What `verify` answers when every check is running and the queue is full. */
export const digestsBusy = 'busy';

/** Who may log in. Passwords are kept only as salted scrypt digests and compared in constant time. */
export class Accounts {
  readonly #byName = new Map<string, Account>();
  readonly #byId = new Map<number, Account>();
  readonly #limits: DigestLimits;
  #running = 0;
  /** Checks waiting for a turn, in arrival order: each is handed the turn of one that finished. */
  readonly #waiting: (() => void)[] = [];

  constructor(limits: DigestLimits = defaultDigestLimits) {
    this.#limits = limits;
  }

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

  /**
   * The same answer, and about the same work, for an unknown name as for a wrong password; `busy` without
   * checking anything when `DigestLimits` are reached.
   */
  async verify(username: string, password: string): Promise<Account | undefined | typeof digestsBusy> {
    const account = this.#byName.get(username);
    const expected = account?.passwordDigest ?? storedDigest('', 'apisim:nobody');
    const computed = await this.#digestInTurn(password, account?.salt ?? 'apisim:nobody');
    if (computed === digestsBusy) return digestsBusy;
    return timingSafeEqual(computed, expected) && account !== undefined ? account : undefined;
  }

  async #digestInTurn(password: string, salt: string): Promise<Buffer | typeof digestsBusy> {
    if (this.#running < this.#limits.concurrent) this.#running++;
    else if (this.#waiting.length < this.#limits.waiting) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else return digestsBusy;
    try {
      return await digestOffLoop(password, salt);
    } finally {
      const next = this.#waiting.shift();
      if (next === undefined) this.#running--;
      else next();
    }
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
