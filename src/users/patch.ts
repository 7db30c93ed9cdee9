import { maxJsonBodyBytes, readJsonBody } from '../http/json-body.js';
import type { Headers, HttpRequest } from '../http/message.js';
import { type Problem, problem } from '../http/problem.js';
import { type FieldError, invalidBody, memberPointer, wholeDocument } from './field-error.js';
import { kindOf, pickUserFields, unknownMember, type UserFields, userFieldNames, validateUserFields } from './fields.js';
import { applyMergePatch } from './merge-patch.js';

export type UserPatch =
  | { readonly ok: true; readonly fields: UserFields }
  | { readonly ok: false; readonly problem: Problem; readonly headers?: Headers };

/** RFC 5789 §3.1: the patch formats this resource understands, sent with a 415 so the client can pick one. */
export const acceptPatch = 'application/merge-patch+json, application/json';

const known: ReadonlySet<string> = new Set(userFieldNames);

/**
 * A PATCH body as a JSON Merge Patch (RFC 7396) against the user's fields (not its id). The merged user
 * is validated as a whole before the caller applies it, so a patch either applies entirely or not at all.
 */
export function readUserPatch(req: HttpRequest, current: UserFields): UserPatch {
  // Other JSON patch formats (RFC 6902's json-patch+json) mean something else with the same syntax, so only
  // the two this resource understands get through. Size first, as for every other body.
  const contentType = req.headers['content-type'];
  if (req.bodyBytes <= maxJsonBodyBytes && contentType !== undefined && !isMergePatchType(contentType)) {
    return {
      ok: false,
      problem: problem(415, 'unsupported-media-type', 'Unsupported Media Type',
        `The patch is labelled ${contentType}; send a JSON Merge Patch as application/merge-patch+json.`),
      headers: { 'accept-patch': acceptPatch },
    };
  }
  const body = readJsonBody(req);
  if (!body.ok) return body;

  const patchErrors = memberErrors(body.value);
  if (patchErrors.length > 0) return { ok: false, problem: invalidBody(patchErrors) };
  const merged = validateUserFields(applyMergePatch(pickUserFields(current), body.value));
  return merged.ok ? merged : { ok: false, problem: invalidBody(merged.errors) };
}

/**
 * Checks the patch's own members before merging. Every user field is a string, so a member that is neither
 * a string nor null could only merge into something invalid; refusing it here gives the same 422 and keeps
 * the merge one level deep however deeply the body nests.
 */
function memberErrors(patch: unknown): FieldError[] {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    return [{ pointer: wholeDocument, detail: `A merge patch for a user must be a JSON object, not ${kindOf(patch)}; anything else would replace the user whole.` }];
  }
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(patch)) {
    if (!known.has(name)) errors.push(unknownMember(name));
    else if (value !== null && typeof value !== 'string') {
      errors.push({ pointer: memberPointer(name), detail: `The field "${name}" must be a string, or null to remove it, not ${kindOf(value)}.` });
    }
  }
  return errors;
}

function isMergePatchType(value: string): boolean {
  const type = value.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/merge-patch+json' || type === 'application/json';
}
