/**
 * Roles group scopes (role-based), and say over whose objects they apply (attribute-based): a customer's
 * scopes apply to their own orders only; support may read anyone's orders and users but change nothing.
 * Least privilege: no role has a scope it does not need, and unknown roles have none.
 */
interface RoleGrant {
  readonly scopes: readonly string[];
  /** Scopes this role may use on objects owned by someone else. */
  readonly onAnyOwner: readonly string[];
}

export const roleGrants: Readonly<Record<string, RoleGrant>> = {
  customer: {
    scopes: ['read:orders', 'write:orders', 'read:notes', 'write:notes', 'read:users', 'write:users', 'read:posts', 'write:posts', 'write:sessions'],
    onAnyOwner: [],
  },
  support: {
    scopes: ['read:orders', 'read:notes', 'read:users', 'read:posts', 'write:sessions'],
    onAnyOwner: ['read:orders'],
  },
};

/** Memoized by role list: gate 1 asks on every request, and there are only a handful of combinations. */
const scopesByRoles = new Map<string, ReadonlySet<string>>();

export function scopesOfRoles(roles: readonly string[]): ReadonlySet<string> {
  const key = roles.join(',');
  let scopes = scopesByRoles.get(key);
  if (scopes === undefined) {
    const set = new Set<string>();
    for (const role of roles) for (const scope of roleGrants[role]?.scopes ?? []) set.add(scope);
    scopes = set;
    scopesByRoles.set(key, scopes);
  }
  return scopes;
}

export function mayActOnAnyOwner(roles: readonly string[], scope: string): boolean {
  return roles.some((role) => roleGrants[role]?.onAnyOwner.includes(scope) === true);
}
