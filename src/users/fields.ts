import { codePointCount } from '../http/code-points.js';
import { type FieldError, memberPointer, wholeDocument } from './field-error.js';

/** What a client may set on a user. The id is the server's, and roles are not editable through this resource. */
export interface UserFields {
  readonly name: string;
  readonly email: string;
  /** Optional: a merge patch with `"bio": null` removes it. */
  readonly bio?: string;
}

export const maxNameChars = 100;
export const maxEmailChars = 254;
export const maxBioChars = 500;

/** Every member a body may carry, in the order errors and representations list them. */
export const userFieldNames = ['name', 'email', 'bio'] as const;
export type UserFieldName = (typeof userFieldNames)[number];

const known: ReadonlySet<string> = new Set(userFieldNames);

/** Deliberately loose: one `@` with something on each side and no spaces. Only a sent message proves an address. */
const emailShape = /^[^\s@]+@[^\s@]+$/;

export type FieldsResult =
  | { readonly ok: true; readonly fields: UserFields }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/**
 * Checks a whole user document (a POST or PUT body, or the result of a merge patch) and reports every error,
 * not only the first.
 */
export function validateUserFields(value: unknown): FieldsResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: [{ pointer: wholeDocument, detail: 'A user is a JSON object like {"name": "...", "email": "..."}.' }] };
  }
  const member = (name: UserFieldName): unknown => (Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined);
  const name = member('name');
  const email = member('email');
  const bio = member('bio');
  // A shape check (blank name, email form) runs only once its value passed the type and length check.
  const errors = [
    ...Object.keys(value).filter((key) => !known.has(key)).map(unknownMember),
    textError('name', name, { required: true, min: 1, max: maxNameChars })
      ?? (typeof name === 'string' && name.trim() === '' ? { pointer: '/name', detail: 'The field "name" must not be blank.' } : undefined),
    textError('email', email, { required: true, min: 1, max: maxEmailChars })
      ?? (typeof email === 'string' && !emailShape.test(email)
        ? { pointer: '/email', detail: 'The field "email" must look like name@domain, with no spaces.' }
        : undefined),
    textError('bio', bio, { required: false, min: 0, max: maxBioChars }),
  ].filter((error) => error !== undefined);

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, fields: pickUserFields({ name: name as string, email: email as string, bio: bio as string | undefined }) };
}

/**
 * Only the client's fields, in one member order and without `bio` when there is none. A `User` is also a
 * `UserFields` to TypeScript, so without this its id would ride along into a merge or a stored record.
 */
export function pickUserFields(value: UserFields): UserFields {
  return value.bio === undefined ? { name: value.name, email: value.email } : { name: value.name, email: value.email, bio: value.bio };
}

/** The error for a member that is not a user field; `id` and `roles` get their reason, since clients try them. */
export function unknownMember(name: string): FieldError {
  const pointer = memberPointer(name);
  if (name === 'id') return { pointer, detail: 'The field "id" is assigned by the server and cannot be set; the id is in the path.' };
  if (name === 'roles') return { pointer, detail: 'The field "roles" is not editable through /users.' };
  return { pointer, detail: `Unknown field "${name}"; a user has only ${userFieldNames.map((n) => `"${n}"`).join(', ')}.` };
}

interface TextRule {
  readonly required: boolean;
  readonly min: number;
  readonly max: number;
}

function textError(name: UserFieldName, value: unknown, rule: TextRule): FieldError | undefined {
  const pointer = memberPointer(name);
  if (value === undefined) return rule.required ? { pointer, detail: `The field "${name}" is required.` } : undefined;
  if (typeof value !== 'string') {
    return { pointer, detail: `The field "${name}" must be a string, not ${kindOf(value)}.` };
  }
  const chars = codePointCount(value);
  if (chars < rule.min || chars > rule.max) {
    return { pointer, detail: `The field "${name}" must have ${rule.min} to ${rule.max} characters; it has ${chars}.` };
  }
  return undefined;
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
