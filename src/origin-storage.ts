import { demoAccountStore } from './auth/accounts.js';
import { SessionStore } from './auth/sessions.js';
import { IdempotencyStore } from './idempotency/record-store.js';
import { defaultNotesQuota, NotesStore } from './notes/store.js';
import { OrdersStore, seedDemoOrders } from './orders/store.js';
import { AuditLog } from './policy/audit-log.js';
import { seedDemoData } from './demo-data.js';
import { defaultCommentsQuota, defaultPostsQuota, PostsStore } from './posts/store.js';
import type { Quota } from './storage/creator-quota.js';
import { memoryTables, type Tables } from './storage/tables.js';
import { defaultUsersQuota, UsersStore } from './users/store.js';

/**
 * What the origin keeps as a database would: it outlives the process, so a restart after a crash finds it as
 * the last committed step left it. Each store applies a request's change in one synchronous step, so a crash
 * (which in the simulator falls between steps) never leaves half a change. The idempotency records are here
 * too, written in the same step as the effect they guard (`src/idempotency/`).
 *
 * Everything else the origin holds is the running process's memory and a restart begins it afresh: rate-limit
 * buckets, graph cost budgets, the parsed-document cache and registered persisted queries (a client
 * re-registers, as Apollo's APQ expects), open sockets and their subscriptions, the enumeration detector's
 * window, and in-flight idempotency claims.
 */
export interface OriginStorage {
  readonly notes: NotesStore;
  readonly orders: OrdersStore;
  readonly users: UsersStore;
  readonly posts: PostsStore;
  readonly accounts: ReturnType<typeof demoAccountStore>;
  readonly sessions: SessionStore;
  readonly idempotency: IdempotencyStore;
  /** Append-only, like a log shipped off the host. */
  readonly audit: AuditLog;
}

/** What one caller may keep in each store it can create in (`src/storage/creator-quota.ts`); past it a write is refused. */
export interface StoreQuotas {
  readonly notes: Quota;
  readonly users: Quota;
  readonly posts: Quota;
  readonly comments: Quota;
}

export const defaultStoreQuotas: StoreQuotas = { notes: defaultNotesQuota, users: defaultUsersQuota, posts: defaultPostsQuota, comments: defaultCommentsQuota };

export interface StorageSettings {
  readonly idempotencyRetentionUs: number;
  readonly idempotencyCommit: IdempotencyStore['commit'];
  /** Unset: `defaultStoreQuotas`. */
  readonly quotas?: StoreQuotas;
}

/**
 * The storage over `tables`: in memory by default, fresh, with the demo data (the accounts, the spec's users
 * and posts, and the demo orders). Over tables that come back from disk, what the last process committed,
 * and the demo data only if it never wrote anything. The accounts are not a table: they are the demo's four
 * people, the same on every start, and nothing changes them.
 */
export function createOriginStorage(now: () => number, newId: () => string, settings: StorageSettings, tables: Tables = memoryTables()): OriginStorage {
  const fresh = tables.fresh;
  const quotas = settings.quotas ?? defaultStoreQuotas;
  const orders = new OrdersStore(tables);
  const users = new UsersStore(tables, quotas.users);
  const posts = new PostsStore(tables, quotas);
  if (fresh) {
    seedDemoOrders(orders);
    seedDemoData(users, posts);
  }
  const accounts = demoAccountStore();
  // Also on tables from disk: a folder written before this rule keeps its users, and takes no new one at an account's id.
  users.skipIdsThrough(accounts.lastUserId);
  return {
    notes: new NotesStore(tables, quotas.notes),
    orders,
    users,
    posts,
    accounts,
    sessions: new SessionStore(newId, undefined, tables),
    idempotency: new IdempotencyStore(now, { retentionUs: settings.idempotencyRetentionUs, commit: settings.idempotencyCommit }, tables),
    audit: new AuditLog(undefined, tables),
  };
}
