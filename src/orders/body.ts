import { readJsonBody } from '../http/json-body.js';
import type { HttpRequest } from '../http/message.js';
import { invalidBody, type Problem } from '../http/problem.js';

export type AddressPatch = { readonly ok: true; readonly deliveryAddress: string } | { readonly ok: false; readonly problem: Problem };

/** PATCH /orders/<id> is a JSON Merge Patch (RFC 7396) that may change only `delivery_address`. */
export function readAddressPatch(req: HttpRequest): AddressPatch {
  const body = readJsonBody(req);
  if (!body.ok) return body;
  const value = body.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalidBody('', 'The body must be a JSON object like {"delivery_address": "..."}.');
  const unknown = Object.keys(value).find((key) => key !== 'delivery_address');
  if (unknown !== undefined) return invalidBody(`/${unknown}`, `"${unknown}" cannot be changed; only "delivery_address" can.`);
  const address = (value as { delivery_address?: unknown }).delivery_address;
  if (typeof address !== 'string' || address.trim() === '' || address.length > 200) {
    return invalidBody('/delivery_address', '"delivery_address" must be a non-empty string of at most 200 characters.');
  }
  return { ok: true, deliveryAddress: address };
}


