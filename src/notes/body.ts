import { readJsonBody } from '../http/json-body.js';
import type { HttpRequest } from '../http/message.js';
import { invalidBody, type Problem } from '../http/problem.js';

/** A note travels as `{"content": "..."}` (the spec leaves the name open; see docs/decisions/resources.md). */
export type NoteBody = { readonly ok: true; readonly content: string } | { readonly ok: false; readonly problem: Problem };

const allowedFields = new Set(['content']);

/** Validates the whole body before anything is applied: wrong type, missing or unknown field → 422. */
export function readNoteBody(req: HttpRequest): NoteBody {
  const body = readJsonBody(req);
  if (!body.ok) return body;
  const value = body.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalidBody('', 'The body must be a JSON object like {"content": "..."}.');
  }
  const unknown = Object.keys(value).filter((key) => !allowedFields.has(key));
  if (unknown.length > 0) {
    return invalidBody(`/${unknown[0]}`, `Unknown field "${unknown[0]}"; a note has only "content".`);
  }
  const content = (value as { content?: unknown }).content;
  if (content === undefined) return invalidBody('/content', 'The field "content" is required.');
  if (typeof content !== 'string') {
    return invalidBody('/content', `The field "content" must be a string, not ${content === null ? 'null' : typeof content}.`);
  }
  return { ok: true, content };
}


