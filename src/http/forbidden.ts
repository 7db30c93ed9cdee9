import type { HttpResponse } from './message.js';
import { problem, problemResponse } from './problem.js';

/** 403: the caller is known but may not do this (spec §5.3). The reason is the policy's, for the caller. */
export function forbidden(reason: string): HttpResponse {
  return problemResponse(problem(403, 'forbidden', 'Forbidden', `Not permitted: ${reason}.`), { 'cache-control': 'no-store' });
}
