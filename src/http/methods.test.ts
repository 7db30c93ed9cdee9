import { describe, expect, it } from 'vitest';
import { methodProperties, methodTable } from './methods.js';

describe('the method table (RFC 9110 §9.2, spec §4)', () => {
  it('matches the spec table', () => {
    const spec = { GET: [true, true], HEAD: [true, true], PUT: [false, true], DELETE: [false, true], POST: [false, false], PATCH: [false, false] };
    for (const [method, [safe, idempotent]] of Object.entries(spec)) {
      expect(methodProperties(method), method).toMatchObject({ safe, idempotent });
    }
  });

  it('makes every safe method idempotent, and treats unknown methods as neither', () => {
    for (const [method, p] of Object.entries(methodTable)) if (p.safe) expect(p.idempotent, method).toBe(true);
    expect(methodProperties('BREW')).toEqual({ safe: false, idempotent: false, cacheable: false });
    expect(methodProperties('get')).toEqual(methodProperties('BREW')); // methods are case-sensitive
  });
});
