import { type Problem, problem } from '../http/problem.js';

/** One thing wrong with a body, located by a JSON Pointer (RFC 6901) as RFC 9457 §3 shows. */
export interface FieldError {
  readonly pointer: string;
  readonly detail: string;
}

/** The pointer to a top-level member: `~` and `/` in a name are escaped so the pointer names one member. */
export function memberPointer(name: string): string {
  return `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** The pointer to the whole document is the empty string (RFC 6901 §5); `/` would name a member "". */
export const wholeDocument = '';

/** 422 listing every field at fault, so a client fixes its body in one round trip rather than one per field. */
export function invalidBody(errors: readonly FieldError[]): Problem {
  const detail = errors.length === 1 ? errors[0]!.detail : `The body has ${errors.length} problems; see errors.`;
  return problem(422, 'invalid-body', 'Unprocessable Content', detail, { errors });
}
