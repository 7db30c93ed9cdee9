import type { UserSpec } from './target.js';

/** A user's name for the report: the member of the sign-in body that names them, else their id, else the role. */
export function userLabel(spec: UserSpec | undefined, role: string): string {
  if (spec !== undefined && 'login' in spec) {
    const body = spec.login.body;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      for (const name of ['user', 'username', 'email', 'name']) if (typeof body[name] === 'string') return body[name];
    }
  }
  return spec?.id ?? role;
}
