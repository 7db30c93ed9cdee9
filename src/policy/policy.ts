import type { Subject } from '../auth/subject.js';
import { type Operation, requiredScope, type Resource } from './operation.js';
import { mayActOnAnyOwner } from './roles.js';

/** The spec's two server behaviours for orders (§1.2). */
export type OrdersBehaviour = 'login-only' | 'owner-check';

export interface PolicySettings {
  readonly orders: OrdersBehaviour;
}

/** Which objects a lookup may see: the owner condition travels into the data lookup itself (§4 rule 2). */
export type LookupScope = { readonly kind: 'all' } | { readonly kind: 'owner'; readonly userId: number };

export type Access =
  | { readonly allow: true; readonly lookup: LookupScope; readonly reason: string }
  | { readonly allow: false; readonly reason: string };

/** Resources whose objects have an owner, and the actions that are limited to the owner. */
const ownerLimited: Readonly<Partial<Record<Resource, ReadonlySet<string>>>> = {
  orders: new Set(['read', 'list', 'update', 'delete']),
  users: new Set(['update', 'delete']),
  posts: new Set(['update', 'delete']),
};

const everything: LookupScope = { kind: 'all' };

/**
 * Gate 2, in one place: may this subject do this operation, and on which objects? Deny by default: an
 * operation is allowed only when the credential carries its scope, and on owned resources only over the
 * subject's own objects unless a role explicitly extends it. Resources ask `access` before they look
 * anything up and pass the returned scope to the lookup, so no entry point can skip the owner check.
 */
export class Policy {
  readonly settings: PolicySettings;

  constructor(settings: PolicySettings) {
    this.settings = settings;
  }

  access(subject: Subject, op: Operation): Access {
    // Login-only is the deliberately unsafe behaviour of §1.2: any identified caller reads any order.
    if (op.resource === 'orders' && this.settings.orders === 'login-only') {
      return { allow: true, lookup: everything, reason: 'login-only: caller is logged in' };
    }
    const scope = requiredScope(op);
    if (!subject.scopes.has(scope)) return { allow: false, reason: `missing scope ${scope}` };
    if (ownerLimited[op.resource]?.has(op.action) !== true) return { allow: true, lookup: everything, reason: `scope ${scope}` };
    if (mayActOnAnyOwner(subject.roles, scope)) return { allow: true, lookup: everything, reason: `scope ${scope} on any owner by role` };
    return { allow: true, lookup: { kind: 'owner', userId: subject.userId }, reason: `scope ${scope}, own objects only` };
  }
}

/** True when an object with this owner is inside the lookup scope. */
export function inScope(lookup: LookupScope, ownerId: number): boolean {
  return lookup.kind === 'all' || lookup.userId === ownerId;
}
