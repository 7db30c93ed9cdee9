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
 * The users of the service. Ids are positive integers handed out in order and never reused, so a deleted
 * user's URL never comes to mean someone else. Only POST creates users, so the map's insertion order is id
 * order (tables come back from disk in key order, which is the same), and a listing walks it without sorting.
 */
export class UsersStore {
  readonly #users: Map<number, User>;
  readonly #nextId: Counter;
  /** Who created each user made by POST, kept after a delete so the id keeps its owner (ids are never reused). */
  readonly #creators: Map<number, number>;

  constructor(tables: Tables = memoryTables()) {
    this.#users = tables.map('users');
    this.#nextId = tables.counter('users.next-id', 1);
    this.#creators = tables.map('users.creators');
    for (const user of this.#users.values()) Object.freeze(user);
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
    if (createdBy !== undefined) this.#creators.set(user.id, createdBy);
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
    if (!this.#users.has(id)) return undefined;
    const user = record(id, fields);
    this.#users.set(id, user); // Map.set on an existing key keeps its place, so id order holds.
    return user;
  }

  delete(id: number): boolean {
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
