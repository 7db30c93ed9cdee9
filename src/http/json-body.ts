import { describeDuplicates, duplicateMembers } from './duplicate-members.js';
import type { HttpRequest } from './message.js';
import { type Problem, problem } from './problem.js';

/** Requests larger than this are refused with 413 before they are parsed. */
export const maxJsonBodyBytes = 64 * 1024;

export type BodyResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: Problem };

/**
 * Reads a JSON request body: 413 when it is too large, 415 when it is labelled as something else than JSON,
 * 400 when it is missing, not JSON, or names a member twice in one object (which JSON.parse would take as
 * the last). Field-level checks belong to the resource that knows its fields.
 */
export function readJsonBody(req: HttpRequest): BodyResult {
  if (req.bodyBytes > maxJsonBodyBytes) {
    return fail(problem(413, 'body-too-large', 'Content Too Large',
      `The body has ${req.bodyBytes} bytes; at most ${maxJsonBodyBytes} are accepted.`, { maxBytes: maxJsonBodyBytes }));
  }
  const contentType = req.headers['content-type'];
  if (contentType !== undefined && !isJsonMediaType(contentType)) {
    return fail(problem(415, 'unsupported-media-type', 'Unsupported Media Type',
      `The body is labelled ${contentType}; send application/json.`));
  }
  if (req.body === undefined || req.body === '') {
    return fail(problem(400, 'body-required', 'Bad Request', 'This request needs a JSON body.'));
  }
  let value: unknown;
  try {
    value = JSON.parse(req.body) as unknown;
  } catch (error) {
    return fail(problem(400, 'malformed-json', 'Bad Request', `The body is not valid JSON: ${(error as Error).message}`));
  }
  const duplicates = duplicateMembers(req.body, value);
  if (duplicates.length > 0) return fail(problem(400, 'duplicate-members', 'Bad Request', describeDuplicates(duplicates), { duplicates }));
  return { ok: true, value };
}

function isJsonMediaType(value: string): boolean {
  if (value === 'application/json') return true;
  const type = value.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

function fail(p: Problem): BodyResult {
  return { ok: false, problem: p };
}
