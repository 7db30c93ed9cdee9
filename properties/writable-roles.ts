import type { Role } from './targets/target-session.js';
import type { Target, WritableSpec } from './targets/target.js';

/** Who may send requests to the target: its two users when it declares them, and always someone with no credential. */
export const callerRoles = (target: Target): readonly Role[] => (target.users === undefined ? ['anonymous'] : ['user', 'other-user', 'anonymous']);

/**
 * Who writes to a collection: its users when only a signed-in user may (`by: "user"`), else anyone. A write
 * the app refuses (the other user's, say) is part of the run all the same: it must not change a thing.
 */
export const writerRoles = (target: Target, writable: WritableSpec): readonly Role[] =>
  writable.by === 'user' && target.users !== undefined ? ['user', 'other-user'] : callerRoles(target);

/** The writable collections whose items answer `method`, with their place in the target's list. */
export const writablesWith = (target: Target, method: 'PUT' | 'DELETE' | 'GET'): number[] =>
  target.writable.flatMap((w, i) => (method === 'GET' || w.methods.includes(method) ? [i] : []));

/**
 * Whether a collection's items are their writer's alone: an owned kind answers at the same item path (a
 * description derived from OpenAPI says both of a private resource). The other user is refused such an
 * item by design, which owner-isolation judges; a check of what one reader sees after another's write
 * holds to one user there.
 */
export const privateToWriter = (target: Target, writable: WritableSpec): boolean => target.owned.some((o) => o.path === writable.item);
