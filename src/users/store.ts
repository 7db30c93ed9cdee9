import { utf8Bytes } from '../http/message.js';
import { CreatorQuota, type Quota, type QuotaCheck, type Usage } from '../storage/creator-quota.js';
import { type Counter, memoryTables, type Tables } from '../storage/tables.js';
import { pickUserFields, type UserFields } from './fields.js';

export interface User extends UserFields {
  readonly id: number;
}

/** One page of a listing in id order; `more` says whether a later page has anything in it. */
export interface UserPage {
  readonly items: readonly User[];
  readonly more: boolean;
}

export interface UserPageRequest {
  /** Start after this id (the keyset of the previous page), or from the beginning. */
  readonly afterId?: number;
  readonly limit: number;
  /** Case-insensitive prefix of the name. */
  readonly namePrefix?: string;
}

/**
 * What one caller may keep in users it created: the accounts are the demo's fixed four and only they may
 * POST, so this bounds the whole store. A user's fields are at most 854 characters, so 1 MiB is about 300
 * of the largest and the count binds first for ordinary ones.
 */
export const defaultUsersQuota: Quota = { count: 1_000, bytes: 1024 * 1024 };

/**
 * The users of the service. Ids are positive integers handed out in order and never reused, so a deleted
 * user's URL never comes to mean someone else. Only POST creates users, so the map's insertion order is id
 * order (tables come back from disk in key order, which is the same), and a listing walks it without sorting.
 */
export class UsersStore {
  readonly #users: Map<number, User>;
  readonly #nextId: Counter;
  /** Who created each user made by POST, kept after a delete so the id keeps its owner (ids are never reused). */
  readonly #creators: Map<number, number>;
  /** Derived from the records: what the users each caller created take. An account's own record counts for nobody. */
  readonly #usage: CreatorQuota;

  constructor(tables: Tables = memoryTables(), quota: Quota = defaultUsersQuota) {
    this.#users = tables.map('users');
    this.#nextId = tables.counter('users.next-id', 1);
    this.#creators = tables.map('users.creators');
    this.#usage = new CreatorQuota('users', quota);
    for (const user of this.#users.values()) Object.freeze(user);
    this.#tally();
    tables.onUndone?.(() => this.#tally());
  }

  /** The usage from the records: at start, and after an undo. Creators outlive their users, so only users there count. */
  #tally(): void {
    this.#usage.clear();
    for (const [id, creator] of this.#creators) {
      const user = this.#users.get(id);
      if (user !== undefined) this.#usage.count(creator, 1, userBytes(user));
    }
  }

  /** Whether `creator` may create a user of `fields` within its quota. */
  room(creator: number, fields: UserFields): QuotaCheck {
    return this.#usage.room(creator, 1, userBytes(fields));
  }

  /** Whether user `id`'s fields may become `fields` within its creator's quota, whoever replaces them. */
  roomToReplace(id: number, fields: UserFields): QuotaCheck {
    const current = this.#users.get(id);
    const owner = this.#creators.get(id);
    // A user nobody created (an account's own) counts for nobody, so replacing it takes no one's room.
    if (current === undefined || owner === undefined) return { ok: true };
    return this.#usage.room(owner, 0, userBytes(fields) - userBytes(current));
  }

  usage(creator: number): Usage {
    return this.#usage.usage(creator);
  }

  get(id: number): User | undefined {
    return this.#users.get(id);
  }

  has(id: number): boolean {
    return this.#users.has(id);
  }

  /** The batch form a DataLoader calls: one answer per id, in the same order, undefined where none exists. */
  usersByIds(ids: readonly number[]): (User | undefined)[] {
    return ids.map((id) => this.#users.get(id));
  }

  /** `createdBy`: the caller who made it, who owns it from then on; absent for an account's own record. */
  add(fields: UserFields, createdBy?: number): User {
    const user = record(this.#nextId.value++, fields);
    this.#users.set(user.id, user);
    if (createdBy !== undefined) {
      this.#creators.set(user.id, createdBy);
      this.#usage.count(createdBy, 1, userBytes(user));
    }
    return user;
  }

  /**
   * Account ids are user ids (gate 2 compares the caller's with the path's), so ids up to the last account's
   * are never handed out: a created user at sam's id 4 would be sam's, and not its creator's.
   */
  skipIdsThrough(lastAccountId: number): void {
    this.#nextId.value = Math.max(this.#nextId.value, lastAccountId + 1);
  }

  /** Whose `/users/<id>` is: its creator's if a caller made it, else the account with that id. Known or not, so it says nothing of existence. */
  ownerOf(id: number): number {
    return this.#creators.get(id) ?? id;
  }

  /** Replaces every field of an existing user; undefined when there is none, since only POST creates. */
  replace(id: number, fields: UserFields): User | undefined {
    const current = this.#users.get(id);
    if (current === undefined) return undefined;
    const user = record(id, fields);
    this.#users.set(id, user); // Map.set on an existing key keeps its place, so id order holds.
    const creator = this.#creators.get(id);
    if (creator !== undefined) this.#usage.count(creator, 0, userBytes(user) - userBytes(current));
    return user;
  }

  delete(id: number): boolean {
    const current = this.#users.get(id);
    const creator = this.#creators.get(id);
    if (current !== undefined && creator !== undefined) this.#usage.count(creator, -1, -userBytes(current));
    return this.#users.delete(id);
  }

  /**
   * Keyset pagination: a page starts after the last id of the previous one, so users added or removed
   * between pages never make a walk skip or repeat anyone (an offset would).
   */
  page(request: UserPageRequest): UserPage {
    const { afterId = 0, limit } = request;
    const prefix = request.namePrefix?.toLowerCase();
    const items: User[] = [];
    for (const user of this.#users.values()) {
      if (user.id <= afterId) continue;
      if (prefix !== undefined && !user.name.toLowerCase().startsWith(prefix)) continue;
      if (items.length === limit) return { items, more: true };
      items.push(user);
    }
    return { items, more: false };
  }

  get size(): number {
    return this.#users.size;
  }

  /** All users in id order: what a scenario reports and what tests compare before and after a request. */
  snapshot(): User[] {
    return [...this.#users.values()];
  }
}

/** Frozen, with its members in one order, so a record handed out cannot change the store behind its back. */
function record(id: number, fields: UserFields): User {
  return Object.freeze({ id, ...pickUserFields(fields) });
}

/** What a user weighs against its creator's quota: the UTF-8 bytes of its text fields. */
function userBytes(fields: UserFields): number {
  return utf8Bytes(fields.name) + utf8Bytes(fields.email) + utf8Bytes(fields.bio);
}
