import { readJsonBody } from '../http/json-body.js';
import type { HttpRequest } from '../http/message.js';
import type { Problem } from '../http/problem.js';
import { invalidBody } from './field-error.js';
import { type UserFields, validateUserFields } from './fields.js';

export type UserBody = { readonly ok: true; readonly fields: UserFields } | { readonly ok: false; readonly problem: Problem };

/**
 * A whole user for POST and PUT: `{"name": "...", "email": "..."}` with an optional `"bio"`. Everything
 * is checked before anything is applied; a PUT that leaves out `bio` removes it, as a full replacement does.
 */
export function readUserBody(req: HttpRequest): UserBody {
  const body = readJsonBody(req);
  if (!body.ok) return body;
  const checked = validateUserFields(body.value);
  return checked.ok ? checked : { ok: false, problem: invalidBody(checked.errors) };
}
